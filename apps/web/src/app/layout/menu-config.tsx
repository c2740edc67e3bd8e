import {
  AppstoreOutlined,
  CalendarOutlined,
  FileSearchOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  ProjectOutlined,
  SearchOutlined,
  TeamOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { Role } from '@koma/shared/constants';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';

/**
 * The sidebar menu as data (entries with a role tag appear only to users holding
 * one of the roles; untagged entries are for everyone; the filter only hides entries).
 */
export interface MenuEntry {
  path: string;
  label: ParseKeys;
  icon: ReactNode;
  /** Role ids of which the user needs one; omitted = everyone. */
  roles?: readonly number[];
  /** Routed but not shown in the menu (e.g. /introduce). */
  hidden?: boolean;
}

export const MENU: readonly MenuEntry[] = [
  { path: '/dashboard', label: 'layout.menu.dashboard', icon: <HomeOutlined aria-hidden="true" /> },
  {
    path: '/personalInfo/personalInfo',
    label: 'layout.menu.personalInfo',
    icon: <UserOutlined aria-hidden="true" />,
  },
  {
    path: '/friendsList/friendsList',
    label: 'layout.menu.friendsList',
    icon: <TeamOutlined aria-hidden="true" />,
  },
  {
    path: '/projectManagement/projectManagement',
    label: 'layout.menu.projectManagement',
    icon: <ProjectOutlined aria-hidden="true" />,
  },
  {
    // The editor's serializations on one calendar (docs/schedule.md, "The editor's timeline").
    path: '/editorTimeline',
    label: 'layout.menu.editorTimeline',
    icon: <CalendarOutlined aria-hidden="true" />,
    roles: [Role.EDITOR],
  },
  {
    path: '/projectSearch/projectSearch',
    label: 'layout.menu.projectSearch',
    icon: <AppstoreOutlined aria-hidden="true" />,
    roles: [Role.PLANNING_MEMBER, Role.ARTIST, Role.PRODUCTION_STAFF],
  },
  {
    path: '/chapterSearch/chapterSearch',
    label: 'layout.menu.chapterSearch',
    icon: <FileSearchOutlined aria-hidden="true" />,
    // Everyone who wants chapter-level work, not role 7 alone as in the spec (docs/departures.md).
    roles: [Role.ASSISTANT, Role.TRANSLATOR, Role.PRODUCTION_STAFF],
  },
  {
    path: '/editoralSearch/editoralSearch',
    label: 'layout.menu.editorSearch',
    icon: <SearchOutlined aria-hidden="true" />,
    roles: [Role.AUTHOR],
  },
  {
    path: '/authSearch/authSearch',
    label: 'layout.menu.authorSearch',
    icon: <UserSwitchOutlined aria-hidden="true" />,
    roles: [Role.EDITOR],
  },
  {
    path: '/introduce',
    label: 'layout.menu.introduce',
    icon: <InfoCircleOutlined aria-hidden="true" />,
    hidden: true,
  },
];
