import {
  IconChartInfographic,
  IconFileTypeCsv,
  IconLayoutGrid,
  IconMessageCode,
  IconUpload,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { TNavItem } from './nav-items';

/** Spec §2 admin sidebar, shown instead of the user one when isAdmin. */
export const ADMIN_NAV_ITEMS: TNavItem[] = [
  { label: 'Prompts Management', icon: IconMessageCode, to: '/admin/promptsmanagement' },
  { label: 'User Management', icon: IconUsersGroup, to: '/admin/usersmanagement' },
  { label: 'Upload', icon: IconUpload, to: '/admin/upload' },
  { label: 'Upload CSV', icon: IconFileTypeCsv, to: '/admin/uploadcsv' },
  { label: 'Infographic Management 2', icon: IconLayoutGrid, to: '/admin/infographic2' },
  { label: 'Infographics', icon: IconChartInfographic, to: '/admin/infographicmanagement' },
];
