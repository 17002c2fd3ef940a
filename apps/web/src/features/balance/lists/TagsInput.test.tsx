import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/utils';
import { TagsInput, type TagsInputProps } from './TagsInput';

vi.setConfig({ testTimeout: 20_000 });

function Harness(props: Omit<TagsInputProps, 'value' | 'onChange'> & { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(props.initial ?? []);
  return (
    <>
      <TagsInput {...props} value={value} onChange={setValue} />
      <output aria-label="value">{value.join('|')}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

const value = () => screen.getByRole('status', { name: 'value' }).textContent;

describe('TagsInput', () => {
  it('adds emails on Enter and keeps them unique (case-insensitive)', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<Harness kind="email" label="VIPs" />);
    const input = screen.getByRole('textbox', { name: 'VIPs' });
    await user.type(input, 'Boss@Acme.com{Enter}');
    await user.type(input, 'boss@acme.com{Enter}');
    expect(value()).toBe('boss@acme.com');
    expect(input).toHaveValue('');
  });

  it('adds on blur and on paste (several at once)', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<Harness kind="email" label="VIPs" />);
    const input = screen.getByRole('textbox', { name: 'VIPs' });
    await user.type(input, 'ceo@acme.com');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(value()).toBe('ceo@acme.com');

    await user.click(input);
    await user.paste('cfo@acme.com, cto@acme.com\nceo@acme.com');
    expect(value()).toBe('ceo@acme.com|cfo@acme.com|cto@acme.com');
  });

  it("shows 'Invalid email' for a bad email and keeps it to fix", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<Harness kind="email" label="VIPs" />);
    const input = screen.getByRole('textbox', { name: 'VIPs' });
    await user.type(input, 'not-an-email{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Invalid email' });
    expect(within(dialog).getByText('Please enter a valid email and try again.')).toBeInTheDocument();
    expect(value()).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(input).toHaveValue('not-an-email');
  });

  it("shows 'Invalid email domain' for a bad domain; valid pasted ones are still added", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<Harness kind="domain" label="Domains" />);
    await user.click(screen.getByRole('textbox', { name: 'Domains' }));
    await user.paste('acme.com nope');
    const dialog = await screen.findByRole('dialog', { name: 'Invalid email domain' });
    expect(within(dialog).getByText('Please enter a valid email domain and try again.')).toBeInTheDocument();
    expect(value()).toBe('acme.com');
  });

  it('shows team entries locked, with their tooltip, and never as duplicates', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<Harness kind="email" label="VIPs" locked={['chair@acme.com']} initial={['mine@acme.com']} />);
    const locked = screen.getByLabelText('chair@acme.com (This email was added by your team.)');
    expect(within(locked).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove mine@acme.com' })).toBeInTheDocument();
    await user.hover(locked);
    expect(await screen.findByText('This email was added by your team.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'VIPs' }), 'chair@acme.com{Enter}');
    expect(value()).toBe('mine@acme.com');

    await user.click(screen.getByRole('button', { name: 'Remove mine@acme.com' }));
    expect(value()).toBe('');
  });

  it('uses the domain tooltip for team domains', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<Harness kind="domain" label="Domains" locked={['acme.com']} />);
    await user.hover(screen.getByLabelText('acme.com (This domain was added by your team.)'));
    expect(await screen.findByText('This domain was added by your team.')).toBeInTheDocument();
  });
});
