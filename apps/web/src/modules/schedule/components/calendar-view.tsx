import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import FullCalendar, { type CalendarRef, type DatesSetInfo, type EventDropInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import type { TScheduleItem } from '@sales-assist/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CalendarEventContent } from './calendar-event-content';
import { type TCalendarEvent, toCalendarEvent } from './calendar-events';
import { movedBy, scrollTimeNow } from './calendar-time';
import classes from './calendar-view.module.css';

export type TCalendarMove = { id: number; postedOn: string; revert: () => void };

/**
 * The week and day views scroll inside this height, so they can open at the current hour; the month
 * grows with its events (a page scroll, as before).
 */
const TIME_GRID_HEIGHT = 'max(480px, calc(100vh - 260px))';
const MONTH_ASPECT_RATIO = 2.2;

type TCalendarViewProps = {
  items: TScheduleItem[];
  timeZone: string;
  /** The visible range changed (first render, paging, another view): ISO instants in UTC. */
  onRange: (range: { from: string; to: string }) => void;
  onOpen: (id: number) => void;
  /** A drop; the caller sends it and calls revert when the server refuses. */
  onMove: (move: TCalendarMove) => void;
  /** An instant (ISO) whose date the calendar shows, e.g. the post a notice or a badge links to. */
  focus?: string | undefined;
};

/**
 * The calendar grid (FullCalendar 7): month, week and day views in the person's IANA zone, one event per
 * schedule item, drag to move what has not gone out, click (or Enter on a focused event) to open it.
 */
export const CalendarView = ({ items, timeZone, onRange, onOpen, onMove, focus }: TCalendarViewProps) => {
  const calendar = useRef<CalendarRef>(null);
  useEffect(() => {
    if (focus) calendar.current?.getApi().gotoDate(focus);
  }, [focus]);
  const events = useMemo(() => items.map((item) => toCalendarEvent(item, timeZone)), [items, timeZone]);
  const [viewType, setViewType] = useState('dayGridMonth');
  // Fixed for the page's life: a changing scrollTime would scroll the grid again on every re-render.
  const scrollTime = useMemo(() => scrollTimeNow(timeZone), [timeZone]);

  // The Date objects are true instants; startStr would be the zone's wall clock (written with a Z here).
  const datesSet = (info: DatesSetInfo) => {
    setViewType(info.view.type);
    onRange({ from: info.start.toISOString(), to: info.end.toISOString() });
  };

  const eventDrop = (info: EventDropInfo) => {
    const { item } = info.event.extendedProps as TCalendarEvent['extendedProps'];
    onMove({ id: item.ID, postedOn: movedBy(item.PostedOn, info.delta, timeZone), revert: info.revert });
  };

  return (
    <div className={classes.calendar} data-testid="schedule-calendar">
      <FullCalendar
        ref={calendar}
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView="dayGridMonth"
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: 'dayGridMonth,timeGridWeek,timeGridDay',
        }}
        todayText="Today"
        monthText="Month"
        weekTextLong="Week"
        weekTextShort="Week"
        dayText="Day"
        timeZone={timeZone}
        firstDay={1}
        height={viewType === 'dayGridMonth' ? 'auto' : TIME_GRID_HEIGHT}
        // A month row is at least width / aspectRatio / 6 tall: wider than FullCalendar's 1.35, so the six
        // weeks fit a laptop screen (the current week above the fold at 1400×900); rows still grow with events.
        aspectRatio={MONTH_ASPECT_RATIO}
        dayMaxEvents={4}
        events={events}
        eventInteractive
        editable
        eventDurationEditable={false}
        eventDisplay="block"
        displayEventTime={false}
        defaultTimedEventDuration="01:00"
        scrollTime={scrollTime}
        nowIndicator
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        datesSet={datesSet}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onOpen(Number(info.event.id));
        }}
        eventDrop={eventDrop}
        eventContent={(info) => {
          const { item, description } = info.event.extendedProps as TCalendarEvent['extendedProps'];
          return (
            <CalendarEventContent
              item={item}
              title={info.event.title}
              description={description}
              compact={info.view.type === 'dayGridMonth'}
            />
          );
        }}
      />
    </div>
  );
};
