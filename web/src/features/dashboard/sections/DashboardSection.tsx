import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DashboardSectionProps {
  title: string;
  testId: string;
  children: ReactNode;
}

/** One section of a dashboard (System Attributes, System Ratings, Business Overview): a card with a heading. */
export function DashboardSection({ title, testId, children }: DashboardSectionProps) {
  return (
    <Card component="section" aria-label={title} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
