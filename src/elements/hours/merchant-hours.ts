import { html, isServer, nothing, type PropertyDeclarations } from 'lit';
import { WEEKDAYS, type Location, type Weekday } from '../../contract/index.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { StructuredDataController } from '../shared/structured-data.ts';
import { hoursStatus, periodSpan, type HoursStatus } from './hours-model.ts';
import { formatWeekMinute, hoursStrings, weekdayName, type HoursStrings } from './hours-i18n.ts';
import { hoursStyles } from './merchant-hours.styles.ts';
import { dateTimeFormat } from '../shared/formats.ts';

export type HoursVariant = 'full' | 'compact';

/**
 * A location's opening hours: the week from Monday (several periods a day, closed days, periods past
 * midnight), the holiday schedule, and whether it is open now, when it closes or opens next, computed in the
 * location's time zone (its `timeZone`) and kept current while the page is open: open/closed changes on the
 * minute, so the element renders again at the start of each minute (one timer, cleared on disconnect).
 * Today's row is highlighted (`aria-current="date"`). Times use the locale's 12- or 24-hour clock.
 * Without a usable time zone the week is shown, but not the open-now line (it could not be told honestly),
 * and today is the visitor's.
 *
 * Adds schema.org `OpeningHoursSpecification` JSON-LD (inside a `LocalBusiness` with the location's
 * name) as a light-DOM `<script type="application/ld+json">`, unless `no-structured-data`.
 *
 * For tests and previews, set the `now` property to a `Date` to freeze the clock (each minute's render then
 * shows the same).
 *
 * @title Opening hours
 * @icon clock
 * @summary Opening hours with open now, closes at and opens next in the merchant's time zone.
 *
 * @slot loading - Replaces the loading skeleton.
 * @slot empty - Replaces the "hours not available" message.
 * @slot error - Replaces the error message.
 *
 * @csspart base - The wrapper of every state.
 * @csspart status - The open-now line.
 * @csspart badge - "Open now" / "Closes soon" (its last hour, on the merchant's clock) / "Closed now" (also
 *   `badge-open`, `badge-soon` or `badge-closed`).
 * @csspart next-change - "Closes at …" / "Opens … at …".
 * @csspart computed-at - In a server render only: when the status was computed ("(as of 9:42 PM)", a `<time>`).
 * @csspart table - The week table.
 * @csspart day - A day's row; also `today` on today's row.
 * @csspart today-hours - Today's hours in the compact variant.
 * @csspart holidays - The holiday schedule.
 * @csspart empty - The default "hours not available" message.
 * @csspart skeleton - The loading placeholder.
 * @csspart error - The error message box; `error-message`, `error-detail`, `retry` inside it.
 *
 * @cssprop --merchant-hours-min-height - Height reserved while loading (default 25rem; 3rem compact).
 * @cssprop --merchant-color-open - Colour of "Open now" (the text says it too).
 * @cssprop --merchant-color-closed - Colour of "Closed now".
 * @cssprop --merchant-color-closing-soon - Colour of "Closes soon".
 * @cssprop --merchant-color-highlight - Background of today's row.
 *
 * @fires merchant-load - The location loaded (detail: Location).
 * @fires merchant-error - Loading failed (detail: ErrorResource).
 */
export class MerchantHours extends MerchantElement<Location> {
  static override styles = [baseStyles, hoursStyles];

  static override properties: PropertyDeclarations = {
    variant: { reflect: true },
    noStructuredData: { type: Boolean, attribute: 'no-structured-data' },
    now: { attribute: false },
  };

  /** `full` (the week) or `compact` (open now and today only). */
  variant: HoursVariant = 'full';

  /** Do not add the schema.org JSON-LD to the page. */
  noStructuredData = false;

  /** The current time, for tests and previews; `null` (default) follows the clock. Not an attribute. */
  now: Date | null = null;

  private __timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    new StructuredDataController(
      this,
      () => !this.noStructuredData && this.state !== 'error' && this.data?.hours && this.data,
      () => import('./hours-json-ld.ts'),
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

  // Keeping current: open/closed changes on the minute, so render again at the start of each one.

  override connectedCallback(): void {
    super.connectedCallback();
    this.__tick();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.__timer);
  }

  private __tick = (): void => {
    this.requestUpdate();
    this.__timer = setTimeout(this.__tick, 60_000 - (Date.now() % 60_000));
  };

  // Rendering

  protected override renderReady({ hours, timeZone }: Location): unknown {
    const { days, holidaySchedule } = hours!;
    const locale = this.resolvedLocale;
    const strings = hoursStrings(locale);
    const now = this.now ?? new Date();
    const status = hoursStatus(hours!, timeZone, now);
    // Without a zone, today is the visitor's.
    const today = status?.today ?? WEEKDAYS[(now.getDay() + 6) % 7];
    const time = (minute: number) => formatWeekMinute(minute, locale, { hour: 'numeric', minute: '2-digit' });
    const describeDay = (day: Weekday) =>
      days[day].length
        ? days[day].map((period) => {
            const [start, end] = periodSpan(period);
            return html`<span class="period">${end - start < 1440 ? strings.through(time(start), time(end)) : strings.open24}${period.description ? html` <span class="detail">(${period.description})</span>` : nothing}</span>`;
          })
        : strings.closed;
    const change = status ? nextChangeText(status, strings, locale, time) : '';
    return html`${
      status
        ? html`<p part="status">
          <span part="badge badge-${status.closingSoon ? 'open badge-soon' : status.open ? 'open' : 'closed'}">${status.closingSoon ? strings.closesSoon : status.open ? strings.openNow : strings.closedNow}</span>
          <span part="next-change" class="detail">${change}</span>${isServer ? computedAt(now, timeZone!, locale, strings) : nothing}
        </p>`
        : nothing
    }
    ${
      this.variant === 'compact'
        ? html`<div part="today-hours">${strings.today}: ${describeDay(today)}</div>`
        : html`<table part="table" aria-label=${strings.hours}>
            ${WEEKDAYS.map(
              (day) => html`<tr part="day ${day === today ? 'today' : ''}" aria-current=${day === today ? 'date' : nothing}>
                <th scope="row">${weekdayName(day, locale)}</th>
                <td>${describeDay(day)}</td>
              </tr>`,
            )}
          </table>
          ${
            holidaySchedule.length
              ? html`<div part="holidays">
                <strong>${strings.holidays}</strong>
                <ul>
                  ${holidaySchedule.map((line) => html`<li>${line}</li>`)}
                </ul>
              </div>`
              : nothing
          }`
    }`;
  }
}

/**
 * Rendered on a server only (Lit's `isServer`): the status is right when it is computed, and a server's copy may be
 * read later (from a cache, by a visitor without scripts), so it says when, in the location's time zone: "(as of
 * 9:42 PM)". In the browser the element computes the status again at once and every minute, with no note.
 */
function computedAt(now: Date, timeZone: string, locale: string, strings: HoursStrings): unknown {
  const time = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(now);
  return html` <time part="computed-at" class="detail" datetime=${now.toISOString()}>(${strings.asOf(time)})</time>`;
}

/** "Closes at 9 PM", "Opens tomorrow at 11 AM", "Opens Monday at 11 AM", "Open 24 hours", or nothing. */
function nextChangeText(status: HoursStatus, strings: HoursStrings, locale: string, time: (minute: number) => string): string {
  const { open, change: at, changeDays } = status;
  if (at === null) return open ? strings.open24 : '';
  if (changeDays > 1) {
    const day = formatWeekMinute(at, locale, { weekday: 'long' });
    return open ? strings.closesOn(day, time(at)) : strings.opensOn(day, time(at));
  }
  // Closing after midnight still reads "closes at 1:00 AM".
  if (open) return strings.closesAt(time(at));
  return changeDays ? strings.opensTomorrow(time(at)) : strings.opensAt(time(at));
}
