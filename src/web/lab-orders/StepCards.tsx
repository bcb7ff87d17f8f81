import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MANAGE_LAB_ORDER_STEPS } from '../../domain/kits/kits';

export type StepKey = (typeof MANAGE_LAB_ORDER_STEPS)[number]['key'];

/** The three step cards of Manage Lab Order (Collected Samples, Approved Samples, Confirm Shipment) with their counts. */
export const StepCards = ({
  active,
  counts,
  onSelect,
}: {
  active: StepKey;
  counts: Partial<Record<StepKey, number>>;
  onSelect: (step: StepKey) => void;
}) => {
  const translate = useTranslate();
  return (
    <Grid container spacing={2} role="group" aria-label="steps">
      {MANAGE_LAB_ORDER_STEPS.map((step, i) => (
        <Grid key={step.key} size={{ xs: 12, sm: 4 }}>
          <Card variant="outlined" sx={{ borderColor: active === step.key ? 'primary.main' : undefined, borderWidth: active === step.key ? 2 : 1 }}>
            <CardActionArea onClick={() => onSelect(step.key)} aria-pressed={active === step.key} data-testid={`step-${step.key}`}>
              <CardContent>
                <Typography variant="overline" color="text.secondary">
                  {i + 1}
                </Typography>
                <Typography variant="h6" component="h2">
                  {translate(`kit.steps.${step.key}`)}
                </Typography>
                <Typography color="text.secondary" data-testid={`step-count-${step.key}`}>
                  {counts[step.key] === undefined ? '…' : translate('kit.kitsInStep', { smart_count: counts[step.key] })}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
};
