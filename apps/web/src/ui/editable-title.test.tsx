import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditableTitle } from './editable-title';

const setup = () => {
  const onSave = vi.fn();
  render(
    <MantineProvider env="test">
      <EditableTitle value="CRM" onSave={onSave} label="list title" />
    </MantineProvider>,
  );
  return { onSave, user: userEvent.setup() };
};

describe('EditableTitle', () => {
  it('saves the trimmed text with Enter', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename list title' }));
    const input = screen.getByRole('textbox', { name: 'list title' });
    expect(input).toHaveValue('CRM');
    await user.clear(input);
    await user.type(input, '  Pipeline  {Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Pipeline');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('saves with the check button, and passes an emptied title on (the owner restores the default)', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename list title' }));
    await user.clear(screen.getByRole('textbox', { name: 'list title' }));
    await user.click(screen.getByRole('button', { name: 'Save list title' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith('');
  });

  it('cancels with Escape or the cross, and an unchanged title saves nothing', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename list title' }));
    await user.type(screen.getByRole('textbox', { name: 'list title' }), ' and more{Escape}');
    expect(screen.getByRole('heading', { name: 'CRM' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename list title' }));
    await user.type(screen.getByRole('textbox', { name: 'list title' }), 'X');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Rename list title' }));
    await user.type(screen.getByRole('textbox', { name: 'list title' }), '{Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });
});
