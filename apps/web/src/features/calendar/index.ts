// What other features may use of the calendar feed (features/feature-boundaries.test.ts).
export { CalendarFeedSection } from './components/calendar-feed-section';
