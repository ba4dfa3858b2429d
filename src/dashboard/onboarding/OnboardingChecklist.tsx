// The onboarding checklist of a new customer on the project start page (issue 9, part 4): verify
// the email address, first project, first QR code, first scan, choose a plan. Read from
// GET /register/progress; shown to customer admins until every step is done.
import { Link as RouterLink } from 'react-router-dom';
import {
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Link,
} from '@mui/material';
import DoneIcon from '@mui/icons-material/CheckCircle';
import TodoIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, usePermissions, useTranslate } from 'react-admin';
import { ONBOARDING_STEPS, type OnboardingSteps } from '../../shared/schemas/signup';
import type { DashboardDataProvider } from '../providers/dataProvider';
import type { DashboardPermissions } from '../providers/authProvider';

/** Where a step that is still open is done. */
const STEP_LINKS: Partial<Record<keyof OnboardingSteps, (pid: string) => string>> = {
  first_project: () => '/projects/create',
  first_qr_code: (pid) => `/projects/${pid}/qr-code/create/type`,
  choose_plan: () => '/checkout',
};

export function OnboardingChecklist({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<DashboardPermissions>();
  const isCustomerAdmin = permissions?.role === 'customeradmin';
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { data } = useQuery({
    queryKey: ['register', 'progress', 'steps'],
    queryFn: async () => (await dataProvider.getProgress()).data,
    enabled: isCustomerAdmin,
    retry: false,
  });
  const steps = data?.steps;
  if (!isCustomerAdmin || !steps || data.done) return null;
  const doneCount = ONBOARDING_STEPS.filter((step) => steps[step]).length;
  if (doneCount === ONBOARDING_STEPS.length) return null;

  return (
    <Card data-testid="onboarding-checklist">
      <CardHeader
        title={translate('app.onboarding.title')}
        subheader={translate('app.onboarding.done', {
          done: doneCount,
          total: ONBOARDING_STEPS.length,
        })}
      />
      <LinearProgress
        variant="determinate"
        value={(doneCount / ONBOARDING_STEPS.length) * 100}
        aria-label={translate('app.onboarding.title')}
        sx={{ mx: 2 }}
      />
      <CardContent>
        <List dense>
          {ONBOARDING_STEPS.map((step) => {
            const link = STEP_LINKS[step];
            const label = translate(`app.onboarding.${step}`);
            return (
              <ListItem key={step} data-testid={`onboarding-${step}`} data-done={steps[step]}>
                <ListItemIcon>
                  {steps[step] ? <DoneIcon color="success" /> : <TodoIcon color="disabled" />}
                </ListItemIcon>
                <ListItemText
                  primary={
                    !steps[step] && link ? (
                      <Link component={RouterLink} to={link(projectId)}>
                        {label}
                      </Link>
                    ) : (
                      label
                    )
                  }
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
