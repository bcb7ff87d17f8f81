import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A collapsible section (MUI Accordion), open by default; `actions` sit over the summary row (not inside its button). */
export const Section = ({
  title,
  children,
  actions,
  defaultExpanded = true,
  testId,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  defaultExpanded?: boolean;
  testId?: string;
}) => {
  const translate = useTranslate();
  const id = useId();
  return (
    <Box sx={{ position: 'relative' }} data-section={testId}>
      <Accordion defaultExpanded={defaultExpanded} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {translate(title)}
          </Typography>
        </AccordionSummary>
        <AccordionDetails id={`${id}-content`}>{children}</AccordionDetails>
      </Accordion>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ position: 'absolute', top: 6, right: 48, alignItems: 'center', zIndex: 1 }}>
          {actions}
        </Stack>
      )}
    </Box>
  );
};
