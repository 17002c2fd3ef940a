import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/utils';
import { TimeRangePicker } from './TimeRangePicker';

vi.setConfig({ testTimeout: 20_000 });

async function pick(user: ReturnType<typeof userEvent.setup>, field: 'From' | 'To', label: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('TimeRangePicker', () => {
  it('defaults to 7:00 am – 9:00 am in 15-minute steps', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<TimeRangePicker />);
    expect(await screen.findByRole('combobox', { name: 'From' })).toHaveValue('7:00 am');
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('9:00 am');
    await user.click(screen.getByRole('combobox', { name: 'From' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(96);
    expect(options.slice(0, 3).map((o) => o.textContent)).toEqual(['12:00 am', '12:15 am', '12:30 am']);
  });

  it('moves the to-time 4 steps (1 hour) after a new from-time, until the to-time is set', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPage(<TimeRangePicker onChange={onChange} />);
    await pick(user, 'From', '10:15 am');
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('11:15 am');
    expect(onChange).toHaveBeenLastCalledWith({ from: 615, to: 675, toTouched: false });

    await pick(user, 'To', '3:00 pm');
    await pick(user, 'From', '8:00 am');
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('8:00 am');
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('3:00 pm');
    expect(onChange).toHaveBeenLastCalledWith({ from: 480, to: 900, toTouched: true });
  });

  it('marks the to-time invalid when it is not after the from-time', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<TimeRangePicker />);
    await pick(user, 'To', '6:00 am');
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveAttribute('aria-invalid', 'true');
  });
});
