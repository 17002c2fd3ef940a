import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { row } from '../testing/factories';
import {
  COMPLIANCE_NOT_APPLICABLE,
  complianceCountsText,
  compliancePercentText,
  compliantMeetingsFromSums,
  reportCompliantMeetings,
} from './compliance';

describe('compliancePercentText', () => {
  it('is "not applicable" when nothing was checked, not 0 %', () => {
    const report = compliantMeetingsFromSums({ compliant: 0, nonCompliant: 0, meetings: 14 });
    expect(complianceCountsText(report)).toBe('0 compliant · 0 not · 14 not checked');
    expect(compliancePercentText(report)).toBe(COMPLIANCE_NOT_APPLICABLE);
    expect(compliancePercentText(reportCompliantMeetings([row({ compliant: null })]))).toBe('not applicable');
  });

  it('is the share of checked meetings once one was checked, 0 % included', () => {
    expect(
      compliancePercentText(compliantMeetingsFromSums({ compliant: 0, nonCompliant: 3, meetings: 9 })),
    ).toBe('0%');
    expect(
      compliancePercentText(compliantMeetingsFromSums({ compliant: 2, nonCompliant: 1, meetings: 4 })),
    ).toBe('66.7%');
  });

  it('says "not applicable" exactly when no meeting carries a check', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.nat(50), (compliant, nonCompliant, unchecked) => {
        const report = compliantMeetingsFromSums({
          compliant,
          nonCompliant,
          meetings: compliant + nonCompliant + unchecked,
        });
        const text = compliancePercentText(report);
        if (compliant + nonCompliant === 0) expect(text).toBe(COMPLIANCE_NOT_APPLICABLE);
        else expect(text).toMatch(/^\d+(\.\d)?%$/);
      }),
    );
  });
});
