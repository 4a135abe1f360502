import Stack from '@mui/material/Stack';
import type { BaseSyntheticEvent, ReactNode } from 'react';

/** A step of the event wizard: its fields and buttons stacked as one form, submitted through react-hook-form. */
export function StepForm({
  onSubmit,
  testId,
  children,
}: {
  /** react-hook-form's `handleSubmit(...)`. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)} data-testid={testId}>
      {children}
    </Stack>
  );
}
