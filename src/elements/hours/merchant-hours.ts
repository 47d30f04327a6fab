import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { WEEKDAYS, type Location, type Period, type Weekday } from '../../contract/index.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { StructuredDataController } from '../shared/structured-data.ts';
import {
  hoursStatus,
  isValidTimeZone,
  localWeekday,
  openingHoursSpecification,
  periodSpan,
  refreshDelay,
  type HoursStatus,
} from './hours-model.ts';
import {
  firstDayOfWeek,
  formatInstant,
  formatWallTime,
  hoursStrings,
  orderedWeek,
  weekdayName,
  type HourCycle,
  type HoursStrings,
} from './hours-i18n.ts';
import { hoursStyles } from './merchant-hours.styles.ts';

export type HoursVariant = 'full' | 'compact';

/**
 * A location's opening hours: the week (several periods a day, closed days, periods past midnight),
 * the holiday schedule, and whether it is open now, when it closes or opens next, computed in the
 * merchant's time zone (the location's `timeZone`, or `time-zone`) and kept current while the page is
 * open: one timer, set to the next change (or the merchant's midnight, when "today" moves), cleared on
 * disconnect. Today's row is highlighted (`aria-current="date"`). Times use the locale's 12- or 24-hour
 * clock unless `hour-cycle` says otherwise. Without a usable time zone the week is shown, but not the
 * open-now line (it could not be told honestly).
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

  /** `full` (the week) or `compact` (open now and today only). */
  @property({ reflect: true }) variant: HoursVariant = 'full';

  /** IANA time zone overriding the location's (e.g. `America/New_York`). */
  @property({ attribute: 'time-zone' }) timeZone: string | null = null;

  /** `h12` or `h23` to override the locale's clock. */
  @property({ attribute: 'hour-cycle' }) hourCycle: HourCycle | null = null;

  /** Do not add the schema.org JSON-LD to the page. */
  @property({ type: Boolean, reflect: true, attribute: 'no-structured-data' }) noStructuredData = false;

  /** The current time, for tests and previews; `null` (default) follows the clock. Not an attribute. */
  @property({ attribute: false }) now: Date | null = null;

  private __timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    new StructuredDataController(this, () => {
      const location = this.data;
      if (this.noStructuredData || !location?.hours || (this.state !== 'ready' && this.state !== 'loading')) return null;
      return {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: location.name,
        openingHoursSpecification: openingHoursSpecification(location.hours),
      };
    });
  }

  protected override load(config: ResolvedConfig, signal: AbortSignal): Promise<Location> {
    return this.loadPagePart(config, 'location', signal);
  }

  protected override isEmpty(location: Location): boolean {
    return !location?.hours || typeof location.hours.days !== 'object' || location.hours.days === null;
  }

  protected override renderEmpty(): unknown {
    return html`<p class="message" part="empty">${this.__strings.noHours}</p>`;
  }

  private get __strings(): HoursStrings {
    return hoursStrings(this.resolvedLocale);
  }

  private get __zone(): string | null {
    if (isValidTimeZone(this.timeZone)) return this.timeZone;
    return isValidTimeZone(this.data?.timeZone) ? this.data!.timeZone : null;
  }

  private get __cycle(): HourCycle | undefined {
    return this.hourCycle === 'h12' || this.hourCycle === 'h23' ? this.hourCycle : undefined;
  }

  private __currentTime(): Date {
    return this.now instanceof Date && !Number.isNaN(this.now.getTime()) ? this.now : new Date();
  }

  // ---------------------------------------------------------------------------------------------
  // Keeping current: one timer to the next change.

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.__schedule();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.__clearTimer();
  }

  private __clearTimer(): void {
    if (this.__timer !== undefined) clearTimeout(this.__timer);
    this.__timer = undefined;
  }

  private __schedule(): void {
    this.__clearTimer();
    if (!this.isConnected || this.now || !this.data?.hours || this.state === 'error' || this.state === 'empty') return;
    const now = new Date();
    const delay = refreshDelay(hoursStatus(this.data.hours, this.__zone, now), this.__zone, now);
    // +250 ms so the render lands just after the change, not a hair before it.
    this.__timer = setTimeout(() => {
      this.__timer = undefined;
      this.requestUpdate();
    }, delay + 250);
  }

  /** Milliseconds until the scheduled refresh, or null when none is pending (for tests and debugging). */
  get nextRefreshIn(): number | null {
    if (this.__timer === undefined || !this.data?.hours) return null;
    const now = new Date();
    return refreshDelay(hoursStatus(this.data.hours, this.__zone, now), this.__zone, now);
  }

  // ---------------------------------------------------------------------------------------------
  // Rendering

  protected override renderReady(location: Location): unknown {
    const hours = location.hours;
    if (!hours) return this.renderEmpty();
    const now = this.__currentTime();
    const zone = this.__zone;
    const status = hoursStatus(hours, zone, now);
    const today = status?.today ?? localWeekday(zone, now);
    if (this.variant === 'compact') {
      return html`${this.__renderStatus(status)}
        <p class="today-hours" part="today-hours">
          <span>${this.__strings.today}:</span> ${this.__describeDay(hours.days?.[today])}
        </p>`;
    }
    return html`${this.__renderStatus(status)} ${this.__renderWeek(hours.days, today)}
    ${this.__renderHolidays(hours.holidaySchedule)}`;
  }

  private __renderStatus(status: HoursStatus | null): unknown {
    if (!status) return nothing;
    const s = this.__strings;
    const badge = status.open
      ? html`<span class="badge open" part="badge badge-open">${s.openNow}</span>`
      : html`<span class="badge closed" part="badge badge-closed">${s.closedNow}</span>`;
    const change = this.__describeChange(status);
    return html`<p class="status" part="status">
      ${badge}${change ? html`<span class="change" part="next-change">${change}</span>` : nothing}
    </p>`;
  }

  private __describeChange(status: HoursStatus): string | null {
    const s = this.__strings;
    const zone = this.__zone!;
    const locale = this.resolvedLocale;
    if (status.alwaysOpen) return s.open24;
    const at = status.closesAt ?? status.opensAt;
    const offset = status.changeDayOffset;
    if (!at || offset == null) return null;
    const time = formatInstant(at, zone, locale, this.__cycle);
    const day = WEEKDAYS[(WEEKDAYS.indexOf(status.today) + offset) % 7];
    if (status.open) {
      // Closing after midnight still reads as "closes at 1:00 AM".
      return offset <= 1 ? s.closesAt(time) : s.closesOn(weekdayName(day, locale), time);
    }
    if (offset === 0) return s.opensAt(time);
    if (offset === 1) return s.opensTomorrow(time);
    return s.opensOn(weekdayName(day, locale), time);
  }

  private __describePeriod(period: Period): string {
    const span = periodSpan(period);
    if (!span) return '';
    if (span.end - span.start >= 1440) return this.__strings.open24;
    const locale = this.resolvedLocale;
    return this.__strings.through(formatWallTime(span.start, locale, this.__cycle), formatWallTime(span.end > 1440 ? span.end - 1440 : span.end, locale, this.__cycle));
  }

  private __describeDay(periods: Period[] | undefined): TemplateResult | string {
    const valid = (Array.isArray(periods) ? periods : []).filter((p) => periodSpan(p));
    if (!valid.length) return this.__strings.closed;
    return html`${valid.map(
      (p) => html`<span class="period">${this.__describePeriod(p)}${p.description ? html` <span class="period-description">(${p.description})</span>` : nothing}</span>`,
    )}`;
  }

  private __renderWeek(days: Record<Weekday, Period[]> | undefined, today: Weekday): TemplateResult {
    const locale = this.resolvedLocale;
    return html`<table part="table">
      <caption class="visually-hidden">${this.__strings.hours}</caption>
      <tbody>
        ${orderedWeek(firstDayOfWeek(locale)).map((day) => {
          const isToday = day === today;
          return html`<tr part=${isToday ? 'day today' : 'day'} aria-current=${isToday ? 'date' : nothing}>
            <th scope="row" part="day-name">
              ${weekdayName(day, locale)}${isToday ? html` <span class="today-marker">(${this.__strings.today})</span>` : nothing}
            </th>
            <td part="periods">${this.__describeDay(days?.[day])}</td>
          </tr>`;
        })}
      </tbody>
    </table>`;
  }

  private __renderHolidays(lines: string[] | undefined): unknown {
    const list = (Array.isArray(lines) ? lines : []).filter((l) => typeof l === 'string' && l.trim());
    if (!list.length) return nothing;
    const id = 'holidays-title';
    return html`<div class="holidays" part="holidays">
      <p class="holidays-title" id=${id}><strong>${this.__strings.holidays}</strong></p>
      <ul aria-labelledby=${id}>
        ${list.map((line) => html`<li>${line}</li>`)}
      </ul>
    </div>`;
  }
}
