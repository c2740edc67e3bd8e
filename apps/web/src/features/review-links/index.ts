// What other features may use of review links (features/feature-boundaries.test.ts).
export { ReviewLinksEntry } from './components/review-links-entry';
