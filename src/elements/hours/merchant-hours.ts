import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { WEEKDAYS, type Location, type Weekday } from '../../contract/index.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { StructuredDataController } from '../shared/structured-data.ts';
import { hoursStatus, openingHoursSpecification, periodSpan, refreshDelay, type HoursStatus } from './hours-model.ts';
import { formatWall, formatWallTime, hoursStrings, weekdayName, weekOrder, type HourCycle, type HoursStrings } from './hours-i18n.ts';
import { hoursStyles } from './merchant-hours.styles.ts';

export type HoursVariant = 'full' | 'compact';

/**
 * A location's opening hours: the week (several periods a day, closed days, periods past midnight),
 * the holiday schedule, and whether it is open now, when it closes or opens next, computed in the
 * merchant's time zone (`time-zone`, else the location's `timeZone`) and kept current while the page is
 * open: one timer, set to the next change (or the merchant's midnight, when "today" moves; at most an hour),
 * cleared on disconnect. Today's row is highlighted (`aria-current="date"`). Times use the locale's 12- or
 * 24-hour clock unless `hour-cycle` says otherwise. Without a usable time zone the week is shown, but not
 * the open-now line (it could not be told honestly).
 *
 * Adds schema.org `OpeningHoursSpecification` JSON-LD (inside a `LocalBusiness` with the location's
 * name) as a light-DOM `<script type="application/ld+json">`, unless `no-structured-data`.
 *
 * For tests and previews, set the `now` property to a `Date` to freeze the clock (no timer runs then).
 *
 * @summary Opening hours with open now, closes at and opens next in the merchant's time zone.
 *
 * @slot loading - Replaces the loading skeleton.
 * @slot empty - Replaces the "hours not available" message.
 * @slot error - Replaces the error message.
 *
 * @csspart base - The wrapper of every state.
 * @csspart status - The open-now line.
 * @csspart badge - "Open now" / "Closed now" (also `badge-open` or `badge-closed`).
 * @csspart next-change - "Closes at …" / "Opens … at …".
 * @csspart table - The week table.
 * @csspart day - A day's row; also `today` on today's row.
 * @csspart day-name - A day's name cell.
 * @csspart periods - A day's hours cell.
 * @csspart today-hours - Today's hours in the compact variant.
 * @csspart holidays - The holiday schedule.
 * @csspart empty - The default "hours not available" message.
 *
 * @cssprop --merchant-hours-min-height - Height reserved while loading (default 25rem; 3rem compact).
 * @cssprop --merchant-color-open - Colour of "Open now" (the text says it too).
 * @cssprop --merchant-color-closed - Colour of "Closed now".
 * @cssprop --merchant-color-highlight - Background of today's row.
 *
 * @fires merchant-load - The location loaded (detail: Location).
 * @fires merchant-error - Loading failed (detail: ErrorResource).
 */
export class MerchantHours extends MerchantElement<Location> {
  static override styles = [baseStyles, hoursStyles];

  static override properties: PropertyDeclarations = {
    variant: { reflect: true },
    timeZone: { attribute: 'time-zone' },
    hourCycle: { attribute: 'hour-cycle' },
    noStructuredData: { type: Boolean, reflect: true, attribute: 'no-structured-data' },
    now: { attribute: false },
  };

  /** `full` (the week) or `compact` (open now and today only). */
  variant: HoursVariant = 'full';

  /** IANA time zone overriding the location's (e.g. `America/New_York`). */
  timeZone: string | null = null;

  /** `h12` or `h23` to override the locale's clock. */
  hourCycle: HourCycle | null = null;

  /** Do not add the schema.org JSON-LD to the page. */
  noStructuredData = false;

  /** The current time, for tests and previews; `null` (default) follows the clock. Not an attribute. */
  now: Date | null = null;

  private __timer: ReturnType<typeof setTimeout> | undefined;
  /** When the timer fires (epoch ms). */
  private __due = 0;

  constructor() {
    super();
    new StructuredDataController(this, () =>
      this.noStructuredData || this.state === 'error' || !this.data?.hours
        ? null
        : {
            '@context': 'https://schema.org',
            '@type': 'LocalBusiness',
            name: this.data.name,
            openingHoursSpecification: openingHoursSpecification(this.data.hours),
          },
    );
  }

  protected override load(config: ResolvedConfig, signal: AbortSignal): Promise<Location> {
    return this.loadPagePart(config, 'location', signal);
  }

  protected override isEmpty(location: Location): boolean {
    return !location.hours;
  }

  protected override renderEmpty(): unknown {
    return html`<p class="message" part="empty">${hoursStrings(this.resolvedLocale).noHours}</p>`;
  }

  /** In the `time-zone` if this browser knows it, else in the location's; null when neither is usable. */
  private __status({ hours, timeZone }: Location, now: Date): HoursStatus | null {
    return hoursStatus(hours!, this.timeZone, now) ?? hoursStatus(hours!, timeZone, now);
  }

  // Keeping current: one timer, to the next change.

  override connectedCallback(): void {
    super.connectedCallback();
    this.requestUpdate(); // after a move in the DOM: render for the time now, and set the timer again
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.__stop();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.__stop();
    if (this.isConnected && !this.now && this.state === 'ready') {
      const now = new Date();
      const delay = refreshDelay(this.__status(this.data!, now), now);
      this.__due = +now + delay;
      // +250 ms so the render lands just after the change, not a hair before it.
      this.__timer = setTimeout(() => this.requestUpdate(), delay + 250);
    }
  }

  private __stop(): void {
    clearTimeout(this.__timer);
    this.__timer = undefined;
  }

  /** Milliseconds until the scheduled refresh, or null when none is pending (for tests and debugging). */
  get nextRefreshIn(): number | null {
    return this.__timer === undefined ? null : this.__due - Date.now();
  }

  // Rendering

  protected override renderReady(location: Location): unknown {
    const { days, holidaySchedule } = location.hours!;
    const locale = this.resolvedLocale;
    const s = hoursStrings(locale);
    const now = this.now ?? new Date();
    const status = this.__status(location, now);
    // Without a zone, today is the visitor's.
    const today = status?.today ?? WEEKDAYS[(now.getDay() + 6) % 7];
    const hourCycle = this.hourCycle === 'h12' || this.hourCycle === 'h23' ? this.hourCycle : undefined;
    const time = (minutes: number) => formatWallTime(minutes, locale, hourCycle);
    const note = (text: string | null) => (text ? html` <small>(${text})</small>` : nothing);
    const describeDay = (day: Weekday) =>
      days[day].length
        ? days[day].map((period) => {
            const [start, end] = periodSpan(period);
            return html`<div>${end - start < 1440 ? s.through(time(start), time(end)) : s.open24}${note(period.description)}</div>`;
          })
        : s.closed;
    const change = status && this.__describeChange(status, s, time(status.changeWall));
    return html`${status
      ? html`<p part="status">
          <span part="badge badge-${status.open ? 'open' : 'closed'}">${status.open ? s.openNow : s.closedNow}</span>
          ${change ? html`<span part="next-change">${change}</span>` : nothing}
        </p>`
      : nothing}
    ${this.variant === 'compact'
      ? html`<div part="today-hours">${s.today}: ${describeDay(today)}</div>`
      : html`<table part="table" aria-label=${s.hours}>
            <tbody>
              ${weekOrder(locale).map(
                (day) => html`<tr part="day ${day === today ? 'today' : ''}" aria-current=${day === today ? 'date' : nothing}>
                  <th scope="row" part="day-name">${weekdayName(day, locale)}${note(day === today ? s.today : null)}</th>
                  <td part="periods">${describeDay(day)}</td>
                </tr>`,
              )}
            </tbody>
          </table>
          ${holidaySchedule.length
            ? html`<div part="holidays">
                <p id="holidays"><strong>${s.holidays}</strong></p>
                <ul aria-labelledby="holidays">
                  ${holidaySchedule.map((line) => html`<li>${line}</li>`)}
                </ul>
              </div>`
            : nothing}`}`;
  }

  /** "Closes at …", "Opens tomorrow at …", "Opens Tuesday at …", or "Open 24 hours"; '' when it never opens. */
  private __describeChange({ open, nextChange, changeWall, changeDays }: HoursStatus, s: HoursStrings, time: string): string {
    if (!nextChange) return open ? s.open24 : '';
    if (changeDays > 1) return (open ? s.closesOn : s.opensOn)(formatWall(changeWall, this.resolvedLocale, { weekday: 'long' }), time);
    // Closing after midnight still reads "closes at 1:00 AM".
    return (open ? s.closesAt : changeDays ? s.opensTomorrow : s.opensAt)(time);
  }
}
