import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/utils';
import { EditPopover } from './EditPopover';
import { settingChoices } from './settings-options';

vi.setConfig({ testTimeout: 20_000 });

describe('EditPopover', () => {
  it("disables Save while the current value is selected ('This is already selected')", async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn(async () => {});
    renderPage(
      <EditPopover
        label="Desired duration"
        choices={settingChoices('desired_duration')}
        current={60}
        onSave={onSave}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit Desired duration' }));
    expect(await screen.findByRole('radio', { name: '60 minutes' })).toBeChecked();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      '15',
      '30',
      '45',
      '60',
      '75',
      '90',
      '120',
    ]);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.hover(save.parentElement as HTMLElement);
    expect(await screen.findByText('This is already selected')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '45 minutes' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(45);
  });

  it('lists the non-compliance actions with decline recommended', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(
      <EditPopover
        label="Action taken"
        choices={settingChoices('non_compliance_action')}
        current="remind"
        onSave={async () => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit Action taken' }));
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(screen.getByRole('radio', { name: /Decline\s*Recommended/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Remind of conflicts' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Do nothing' })).toBeInTheDocument();
  });
});
