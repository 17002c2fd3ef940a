import { NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCurrency, formatNumber, ROI_DEFAULTS, roiCalculator } from '@meetwell/domain';
import { useState } from 'react';
import { Panel } from './Blocks';

const asNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

/** The public ROI calculator (stats §9): what meetings cost a team, and when MeetWell pays for itself. */
export function RoiCalculator() {
  const [teammates, setTeammates] = useState<string | number>(ROI_DEFAULTS.teammates);
  const [salary, setSalary] = useState<string | number>(ROI_DEFAULTS.annualSalary);
  const [hours, setHours] = useState<string | number>(ROI_DEFAULTS.hoursPerWeek);
  const roi = roiCalculator({
    teammates: asNumber(teammates),
    annualSalary: asNumber(salary),
    hoursPerWeek: asNumber(hours),
  });
  return (
    <Panel
      title="ROI calculator"
      description="What meetings cost a team, and when MeetWell pays for itself"
      data-pdf-block
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput
            label="Teammates"
            min={1}
            max={100_000}
            allowDecimal={false}
            value={teammates}
            onChange={setTeammates}
          />
          <NumberInput
            label="Salary per teammate"
            prefix="$"
            min={1}
            thousandSeparator=","
            allowDecimal={false}
            value={salary}
            onChange={setSalary}
          />
          <NumberInput label="Hours a week in meetings" min={1} max={168} value={hours} onChange={setHours} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <div>
            <Text fz="xs" c="dimmed" fw={700} tt="uppercase">
              An hour of meetings
            </Text>
            <Text fz="xl" fw={800} data-testid="roi-hourly">
              {formatCurrency(roi.hourlyCost)}
            </Text>
          </div>
          <div>
            <Text fz="xs" c="dimmed" fw={700} tt="uppercase">
              Meetings a year
            </Text>
            <Text fz="xl" fw={800} data-testid="roi-annual">
              {formatCurrency(roi.annualMeetingCost)}
            </Text>
          </div>
          <div>
            <Text fz="xs" c="dimmed" fw={700} tt="uppercase">
              Break-even
            </Text>
            <Text fz="xl" fw={800} data-testid="roi-break-even">
              {formatNumber(roi.breakEvenHours, 0)} {roi.breakEvenHours === 1 ? 'hour' : 'hours'} a year
            </Text>
          </div>
        </SimpleGrid>
        <Text fz="sm" c="dimmed">
          MeetWell costs {formatCurrency(roi.monthlyPrice)} a month for {formatNumber(roi.teammates, 0)}{' '}
          {roi.teammates === 1 ? 'teammate' : 'teammates'} ({formatCurrency(roi.annualPrice)} a year): saving{' '}
          {formatNumber(roi.breakEvenHours, 0)} {roi.breakEvenHours === 1 ? 'hour' : 'hours'} of meetings a
          year pays for it.
        </Text>
      </Stack>
    </Panel>
  );
}
