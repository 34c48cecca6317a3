import {
  IconBrain,
  IconChartBar,
  IconChartInfographic,
  IconCreditCard,
  IconFileTypeCsv,
  IconLayoutGrid,
  IconMessageCode,
  IconUpload,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { TNavItem } from './nav-items';

/** Spec §2 admin sidebar, shown instead of the user one when isAdmin (plus Plans: the plans and credit packs editor, AI usage: model use per user and month, and AI model: who serves each purpose and the built-in model). */
export const ADMIN_NAV_ITEMS: TNavItem[] = [
  { label: 'Prompts Management', icon: IconMessageCode, to: '/admin/promptsmanagement' },
  { label: 'User Management', icon: IconUsersGroup, to: '/admin/usersmanagement' },
  { label: 'Plans', icon: IconCreditCard, to: '/admin/plans' },
  { label: 'AI usage', icon: IconChartBar, to: '/admin/ai-usage' },
  { label: 'AI model', icon: IconBrain, to: '/admin/ai-model' },
  { label: 'Upload', icon: IconUpload, to: '/admin/upload' },
  { label: 'Upload CSV', icon: IconFileTypeCsv, to: '/admin/uploadcsv' },
  { label: 'Infographic Management 2', icon: IconLayoutGrid, to: '/admin/infographic2' },
  { label: 'Infographics', icon: IconChartInfographic, to: '/admin/infographicmanagement' },
];
