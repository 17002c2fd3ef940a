import { FileInput } from '@mantine/core';

/** The .ics file of a calendar, to import or to upload again. */
export function IcsFileInput({
  value,
  onChange,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
}) {
  return (
    <FileInput
      label="ICS file"
      placeholder="Choose a .ics file"
      accept=".ics,text/calendar"
      value={value}
      onChange={onChange}
      clearable
      required
    />
  );
}
