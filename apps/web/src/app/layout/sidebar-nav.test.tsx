import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { SidebarNav } from './sidebar-nav';
import { USER_NAV_ITEMS } from './user-nav-items';

describe('the sidebar on the chat section (spec §2: icons only)', () => {
  it('names every icon, opens a section as a menu, and keeps entries not open yet disabled', async () => {
    renderWithApp(<SidebarNav items={USER_NAV_ITEMS} iconsOnly />, { path: '/chat' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'Sales Assist Chat' })).toHaveAttribute('href', '/chat');
    expect(screen.getByRole('link', { name: 'Sales Assist Chat' })).toHaveAttribute('data-active', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    // No label is written out beside the icons.
    expect(nav).not.toHaveTextContent('Dashboard');
    expect(screen.getByRole('link', { name: 'Prospect Research' })).toHaveAttribute(
      'href',
      '/prospect-research',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Outreach' }));
    expect(await screen.findByRole('menuitem', { name: 'Campaigns' })).toHaveAttribute('href', '/campaigns');
    expect(screen.getByRole('menuitem', { name: 'Engagement' })).toHaveAttribute('href', '/engagement');
  });

  it('shows the Engagement inbox’s unread messages beside its link', () => {
    renderWithApp(<SidebarNav items={USER_NAV_ITEMS} counts={{ '/engagement': 3 }} />, {
      path: '/engagement',
    });
    expect(screen.getByRole('link', { name: /Engagement/ })).toHaveAttribute('href', '/engagement');
    expect(screen.getByLabelText('3 unread in Engagement')).toHaveTextContent('3');
  });

  it('shows the labels elsewhere', () => {
    renderWithApp(<SidebarNav items={USER_NAV_ITEMS} />, { path: '/' });
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Sales Assist Chat');
  });
});
