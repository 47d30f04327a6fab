import { expect } from '@open-wc/testing';
import type { Photo } from '../../src/contract/index.ts';
import { largeUrl, parsePhotoTypes, photoSize, photoSrcset, visiblePhotos } from '../../src/elements/photos/photos-model.ts';

const photo = (id: string, over: Partial<Photo> = {}): Photo => ({
  id, locationId: 'l', title: null, type: 'interior', url: `https://img.example/${id}.jpg`, width: 1600, height: 1200,
  variants: [], source: null, main: false, itemIds: [], ...over,
});

describe('photos-model', () => {
  it('parses the type filter', () => {
    expect(parsePhotoTypes('Exterior, interior, bogus')).to.deep.equal(['interior', 'exterior']);
    expect(parsePhotoTypes('product')).to.deep.equal(['item']);
    expect(parsePhotoTypes(null)).to.deep.equal([]);
  });

  it('puts the main image first, filters by type, drops unsafe URLs and limits', () => {
    const list = [
      photo('a'), photo('b', { type: 'logo' }), photo('c', { main: true, type: 'exterior' }),
      photo('d', { url: 'javascript:alert(1)' }), photo('e', { url: 'data:image/png;base64,AAAA' }),
    ];
    expect(visiblePhotos(list).map((p) => p.id)).to.deep.equal(['c', 'a', 'b']);
    expect(visiblePhotos(list, ['interior', 'logo']).map((p) => p.id)).to.deep.equal(['a', 'b']);
    expect(visiblePhotos(list, [], 2).map((p) => p.id)).to.deep.equal(['c', 'a']);
    expect(visiblePhotos(null)).to.deep.equal([]);
  });

  it('builds srcset from variants (http(s) only), ascending, with the original', () => {
    const p = photo('a', {
      variants: [
        { width: 640, height: 480, url: 'https://img.example/a-640.jpg' },
        { width: 320, height: 240, url: 'https://img.example/a-320.jpg' },
        { width: 1024, height: 768, url: 'vbscript:msgbox' },
      ],
    });
    expect(photoSrcset(p)).to.equal(
      'https://img.example/a-320.jpg 320w, https://img.example/a-640.jpg 640w, https://img.example/a.jpg 1600w',
    );
    expect(photoSrcset(photo('b'))).to.equal('');
    expect(photoSrcset(photo('c', { variants: [{ width: 320, height: 240, url: 'https://x.example/a b,c.jpg' }] }))).to.not.match(/ b,c/);
  });

  it('reserves the aspect ratio from the photo, its variants, or 4:3', () => {
    expect(photoSize(photo('a'))).to.deep.equal({ width: 1600, height: 1200 });
    expect(photoSize(photo('b', { width: null, height: null, variants: [{ width: 320, height: 180, url: 'https://x.example/1' }] })))
      .to.deep.equal({ width: 320, height: 180 });
    expect(photoSize(photo('c', { width: null, height: null }))).to.deep.equal({ width: 4, height: 3 });
    expect(largeUrl(photo('d', { url: 'javascript:x' }))).to.equal(null);
  });
});
