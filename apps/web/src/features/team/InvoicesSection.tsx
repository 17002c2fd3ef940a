import { Anchor, Button, Group, Paper, Skeleton, Table, Text } from '@mantine/core';
import { formatDate } from '@meetwell/domain';
import type { ReactNode } from 'react';
import { PlainList } from '../../components/PlainList';
import { SectionCard } from '../../components/SectionCard';
import { PUBLIC_TEXTS } from '../../copy/texts';
import { useIsMobile } from '../../lib/useIsMobile';
import { type Invoice, useInvoices } from '../billing/api';

function periodStart(invoice: Invoice, timeZone: string | null): string {
  return formatDate(invoice.period_start * 1000, 'Default', timeZone);
}

function description(invoice: Invoice): string {
  return invoice.description.trim() || 'Invoice';
}

function PdfLink({ invoice, timeZone }: { invoice: Invoice; timeZone: string | null }) {
  const date = periodStart(invoice, timeZone);
  if (!invoice.invoice_pdf) return null;
  return (
    <Anchor
      href={invoice.invoice_pdf}
      target="_blank"
      rel="noopener noreferrer"
      fz="sm"
      fw={600}
      style={{ flexShrink: 0 }}
      aria-label={`PDF of ${description(invoice)}${date ? `, ${date}` : ''} (opens in a new tab)`}
    >
      PDF
    </Anchor>
  );
}

export function InvoicesSection({ timeZone }: { timeZone: string | null }) {
  const invoices = useInvoices();
  const mobile = useIsMobile();

  let content: ReactNode;
  if (invoices.isPending) {
    content = <Skeleton height={72} />;
  } else if (invoices.isError) {
    content = (
      <Group gap="sm">
        <Text c="dimmed" fz="sm">
          The invoices could not be loaded.
        </Text>
        <Button size="xs" variant="default" onClick={() => void invoices.refetch()}>
          Try again
        </Button>
      </Group>
    );
  } else if (invoices.data.length === 0) {
    content = <Text c="dimmed">{PUBLIC_TEXTS.invoicesEmpty}</Text>;
  } else if (mobile) {
    content = (
      <PlainList gap="xs" aria-label="Invoices">
        {invoices.data.map((invoice) => (
          <Paper key={invoice.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600}>
                  {description(invoice)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {periodStart(invoice, timeZone)}
                </Text>
              </div>
              <PdfLink invoice={invoice} timeZone={timeZone} />
            </Group>
          </Paper>
        ))}
      </PlainList>
    );
  } else {
    content = (
      <Table verticalSpacing="xs" aria-label="Invoices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th w={200}>Period start</Table.Th>
            <Table.Th w={80}>Invoice</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.data.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td>{description(invoice)}</Table.Td>
              <Table.Td>{periodStart(invoice, timeZone)}</Table.Td>
              <Table.Td>
                <PdfLink invoice={invoice} timeZone={timeZone} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <SectionCard order={2} title="Invoices" description="Your team's billing history.">
      {content}
    </SectionCard>
  );
}
