import { expect } from '@open-wc/testing';
import type { Photo } from '../../src/contract/index.ts';
import { photoSrcset, visiblePhotos } from '../../src/elements/photos/photos-model.ts';

const photo = (id: string, over: Partial<Photo> = {}): Photo => ({
  id,
  locationId: 'l',
  title: null,
  type: 'interior',
  url: `https://img.example/${id}.jpg`,
  width: 1600,
  height: 1200,
  variants: [],
  source: null,
  main: false,
  itemIds: [],
  ...over,
});

describe('photos-model', () => {
  it('filters by type (case-insensitive, comma- or space-separated; none named means every type)', () => {
    const list = [photo('a'), photo('b', { type: 'exterior' }), photo('c', { type: 'item' }), photo('d', { type: 'logo' })];
    const ids = (type: string | null) => visiblePhotos(list, type).map((p) => p.id);
    expect(ids('Exterior, interior, bogus')).to.deep.equal(['a', 'b']);
    expect(ids('logo item')).to.deep.equal(['c', 'd']);
    expect(ids('bogus')).to.deep.equal([]);
    expect(ids(' , ')).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(ids('')).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(ids(null)).to.deep.equal(['a', 'b', 'c', 'd']);
  });

  it('puts the main image first, filters by type and drops unsafe URLs', () => {
    const list = [
      photo('a'),
      photo('b', { type: 'logo' }),
      photo('c', { main: true, type: 'exterior' }),
      photo('d', { url: 'javascript:alert(1)' }),
      photo('e', { url: 'data:image/png;base64,AAAA' }),
    ];
    expect(visiblePhotos(list, null).map((p) => p.id)).to.deep.equal(['c', 'a', 'b']);
    expect(visiblePhotos(list, 'interior,logo').map((p) => p.id)).to.deep.equal(['a', 'b']);
    expect(visiblePhotos([], null)).to.deep.equal([]);
  });

  it('builds srcset from the variants (http(s) only) and the original, when their widths are known', () => {
    const p = photo('a', {
      variants: [
        { width: 320, height: 240, url: 'https://img.example/a-320.jpg' },
        { width: 640, height: 480, url: 'https://img.example/a-640.jpg' },
        { width: 1024, height: 768, url: 'vbscript:msgbox' },
      ],
    });
    expect(photoSrcset(p)).to.equal('https://img.example/a-320.jpg 320w, https://img.example/a-640.jpg 640w, https://img.example/a.jpg 1600w');
    expect(photoSrcset(photo('b'))).to.equal('https://img.example/b.jpg 1600w');
    expect(photoSrcset(photo('b', { width: null, height: null }))).to.equal('');
    expect(photoSrcset(photo('c', { variants: [{ width: 320, height: 240, url: 'https://x.example/a b,c.jpg' }] }))).to.not.match(/ b|,c/);
  });
});
