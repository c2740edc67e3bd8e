// What other features may use of the editorial seats (features/feature-boundaries.test.ts).
export { EditorialSeats } from './components/editorial-seats';
