/**
 * Query keys shared across screens: the live event stream (app/layout) and the screens that
 * change the same data invalidate them without importing each other's features.
 */
export const queryKeys = {
  notices: ['notices'] as const,
  wantedFriends: ['wantedFriends'] as const,
  friends: ['friends'] as const,
  homePage: ['homePage'] as const,
  todo: ['todo'] as const,
  personSearch: ['personSearch'] as const,
  profileDetail: (uid: number) => ['profileDetail', uid] as const,
  profileDetails: ['profileDetail'] as const,
};
