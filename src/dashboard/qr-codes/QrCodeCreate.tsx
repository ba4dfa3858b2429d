// /projects/:pid/qr-code/create/{type,configuration,confirmation}: SPEC §1's quick flow — choose
// type, set up QR code, test and download. The steps are one discriminated union (wizardState.ts);
// the URL follows the state, and the browser's back button steps back.
import { useQuery } from '@tanstack/react-query';
import { previewScanUrl } from '../../shared/qrStyling';
import { scanBaseOf } from '../short-links/linkApi';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  Divider,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import ExistingIcon from '@mui/icons-material/ListAlt';
import NoneIcon from '@mui/icons-material/LinkOff';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  Form,
  ResourceContextProvider,
  TextInput,
  Title,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ALWAYS_ACTIVE } from '../../shared/activity';
import type { ActionType } from '../../shared/enums';
import { ACTION_DATA_SCHEMAS } from '../../shared/schemas/action';
import { DEFAULT_QR_DESIGN, qrCodeInputSchema } from '../../shared/schemas/qrCode';
import { zodValidate } from '../validation';
import { QrDesignInput, normaliseDesign } from '../design/QrDesignInput';
import { QrPreview } from '../design/QrPreview';
import { TemplatePicker } from '../qr-code-templates/TemplatePicker';
import { ActionTypeInputs, NAMED_BY_CODE } from '../actions/ActionTypeInputs';
import { defaultDataFor, toActionInput } from '../actions/actionForm';
import { ACTION_TAB_ORDER, ACTION_TYPE_ICONS, typeLabelKey } from '../actions/actionTypes';
import { ActionLabel } from './ActionLabel';
import { ActionSelect, actionEditPath, useProjectActions } from './QrCodeLinks';
import { QrDownloadPanel } from './QrDownloadPanel';
import { qrCodePath } from './QrCodeTabs';
import { ScanUrl } from './ScanUrl';
import { firstFieldError } from '../useNotifications';
import type { QrCodeRecord } from './types';
import { getWizardDraft, getWizardState, setWizardDraft, useWizard } from './wizardStore';
import {
  WIZARD_STEPS,
  stepOf,
  type ActionChoice,
  type WizardEvent,
  type WizardState,
  type WizardStep,
} from './wizardState';

/** Step 3's path names the QR code it made, so a reload there shows it again. */
export const wizardPath = (pid: string, step: WizardStep, qrCodeId?: string) =>
  `/projects/${pid}/qr-code/create/${step}${qrCodeId ? `/${qrCodeId}` : ''}`;

interface WizardValues {
  name: string;
  templateId: string | null;
  design: unknown;
  /** The new Action's data, in the Action editor's own shape (actions/actionForm.ts). */
  data?: Record<string, unknown>;
}

/** The wizard's values with the code's name also as the Action's own name where it has one. */
function withCodeName(type: ActionType, values: Record<string, unknown>): Record<string, unknown> {
  const field = NAMED_BY_CODE[type];
  if (!field) return values;
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  return { ...values, data: { ...(values.data as object), [field]: name } };
}

// ---------------------------------------------------------------------------------------------
// Step 1: choose type

function ChoiceCard({
  testId,
  icon: Icon,
  title,
  description,
  isSelected,
  onSelect,
}: {
  testId: string;
  icon: SvgIconComponent;
  title: string;
  description: string;
  isSelected: boolean;
  onSelect: () => void;
}) {
  return (
    <Card
      variant="outlined"
      sx={{
        borderColor: isSelected ? 'primary.main' : 'divider',
        borderWidth: isSelected ? 2 : 1,
        bgcolor: isSelected ? 'action.selected' : 'background.paper',
      }}
    >
      <CardActionArea
        onClick={onSelect}
        data-testid={testId}
        aria-pressed={isSelected}
        sx={{ height: '100%', p: 2 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Icon color={isSelected ? 'primary' : 'action'} />
          <Box>
            <Typography sx={{ fontWeight: 500 }}>{title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

function TypeStep({
  pid,
  choice,
  send,
}: {
  pid: string;
  choice: ActionChoice | null;
  send: (event: WizardEvent) => void;
}) {
  const translate = useTranslate();
  const canGoOn = choice !== null && (choice.kind !== 'existing' || choice.actionId !== '');
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{translate('app.qr_wizard.type_intro')}</Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        {ACTION_TAB_ORDER.map((type) => (
          <ChoiceCard
            key={type}
            testId={`wizard-type-${type}`}
            icon={ACTION_TYPE_ICONS[type]}
            title={translate(typeLabelKey(type))}
            description={translate(`app.qr_wizard.type_descriptions.${type}`)}
            isSelected={choice?.kind === 'new' && choice.objectType === type}
            onSelect={() => send({ type: 'choose', choice: { kind: 'new', objectType: type } })}
          />
        ))}
      </Box>
      <Divider />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <ChoiceCard
          testId="wizard-type-existing"
          icon={ExistingIcon}
          title={translate('app.qr_wizard.existing_title')}
          description={translate('app.qr_wizard.existing_description')}
          isSelected={choice?.kind === 'existing'}
          onSelect={() =>
            send({
              type: 'choose',
              choice: {
                kind: 'existing',
                actionId: choice?.kind === 'existing' ? choice.actionId : '',
              },
            })
          }
        />
        <ChoiceCard
          testId="wizard-type-none"
          icon={NoneIcon}
          title={translate('app.qr_wizard.none_title')}
          description={translate('app.qr_wizard.none_description')}
          isSelected={choice?.kind === 'none'}
          onSelect={() => send({ type: 'choose', choice: { kind: 'none' } })}
        />
      </Box>
      {choice?.kind === 'existing' && (
        <ActionSelect
          projectId={pid}
          value={choice.actionId || null}
          allowNone={false}
          testId="wizard-existing-select"
          onChange={(actionId) =>
            send({ type: 'choose', choice: { kind: 'existing', actionId: actionId ?? '' } })
          }
        />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          endIcon={<ArrowForwardIcon />}
          disabled={!canGoOn}
          onClick={() => send({ type: 'next' })}
          data-testid="wizard-next"
        >
          {translate('app.qr_wizard.next')}
        </Button>
      </Box>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 2: set up QR code

function configurationValidator(choice: ActionChoice) {
  const base = qrCodeInputSchema.pick({ name: true, design: true });
  if (choice.kind !== 'new') return zodValidate(base);
  const validate = zodValidate(
    base.extend({ data: ACTION_DATA_SCHEMAS[choice.objectType] as z.ZodType }),
  );
  return (values: Record<string, unknown>) => validate(withCodeName(choice.objectType, values));
}

/** Keeps what was typed, so going back to step 1 and forward again loses nothing. */
function DraftKeeper({ onChange }: { onChange: (values: WizardValues) => void }) {
  const values = useWatch() as WizardValues;
  useEffect(() => onChange(values), [values, onChange]);
  return null;
}

function ChosenExistingAction({ pid, actionId }: { pid: string; actionId: string }) {
  const { data = [] } = useProjectActions(pid);
  const action = data.find((a) => a.id === actionId) ?? null;
  return action ? <ActionLabel action={action} /> : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function errorMessage(error: unknown): { key: string; args?: Record<string, unknown> } {
  const field = firstFieldError(error);
  if (field) return field;
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 0) return { key: 'app.notification.network_error' };
  return { key: 'app.qr_wizard.create_failed' };
}

function ConfigurationStep({
  pid,
  state,
  draft,
  onDraft,
  onSubmit,
  send,
}: {
  pid: string;
  state: Extract<WizardState, { status: 'configuring' | 'saving' | 'failed' }>;
  draft: WizardValues | null;
  onDraft: (values: WizardValues) => void;
  onSubmit: (values: WizardValues) => void;
  send: (event: WizardEvent) => void;
}) {
  const translate = useTranslate();
  const provider = useDataProvider<DashboardDataProvider>();
  const { choice } = state;
  const isSaving = state.status === 'saving';
  // Read once: the draft follows every keystroke, and react-admin's form resets itself whenever
  // its default values change, which made fast typing lose characters and the focus.
  const [defaults] = useState<WizardValues>(
    () =>
      draft ?? {
        name: '',
        templateId: null,
        design: DEFAULT_QR_DESIGN,
        ...(choice.kind === 'new' ? { data: defaultDataFor(choice.objectType) } : {}),
      },
  );
  // The code's real URL exists only after saving; preview one on the customer's real scan base
  // with a code of the same length and alphabet, so the symbol version is the one that downloads.
  const suggestion = useQuery({
    queryKey: ['scan-base', pid],
    queryFn: async () => (await provider.suggestUri(pid)).data,
    staleTime: Infinity,
  });
  const previewText = previewScanUrl(
    suggestion.data ? scanBaseOf(suggestion.data) : `${window.location.origin}/s/`,
  );
  const failure = state.status === 'failed' ? errorMessage(state.error) : null;
  return (
    <Form
      defaultValues={defaults}
      validate={configurationValidator(choice)}
      mode="onChange"
      onSubmit={(values: Record<string, unknown>) => onSubmit(values as unknown as WizardValues)}
    >
      <DraftKeeper onChange={onDraft} />
      <Stack spacing={2}>
        <Section title={translate('app.qr_wizard.setup_title')}>
          <TextInput
            source="name"
            label="resources.qr-codes.fields.name"
            fullWidth
            helperText="app.qr_wizard.name_help"
            slotProps={{ htmlInput: { 'data-testid': 'wizard-name' } }}
          />
          {choice.kind === 'new' && (
            <>
              <Typography variant="subtitle1" sx={{ mt: 2, mb: 1 }}>
                {translate('app.qr_wizard.action_title', {
                  type: translate(typeLabelKey(choice.objectType)),
                })}
              </Typography>
              {/* The Action editor's own inputs, with its labels (resources.actions.fields). */}
              <ResourceContextProvider value="actions">
                <ActionTypeInputs type={choice.objectType} compact />
              </ResourceContextProvider>
            </>
          )}
          {choice.kind === 'existing' && (
            <Stack spacing={1} sx={{ mt: 1 }}>
              <Typography variant="caption" color="text.secondary">
                {translate('resources.qr-codes.fields.action')}
              </Typography>
              <ChosenExistingAction pid={pid} actionId={choice.actionId} />
            </Stack>
          )}
          {choice.kind === 'none' && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {translate('app.qr_codes.inactive_note')}
            </Alert>
          )}
        </Section>
        <Section title={translate('app.qr_codes.design')}>
          <TemplatePicker projectId={pid} />
          <QrDesignInput data={previewText} projectId={pid} />
        </Section>
        {failure && (
          <Alert severity="error" data-testid="wizard-error">
            {translate(failure.key, failure.args)}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Button
            startIcon={<ArrowBackIcon />}
            disabled={isSaving}
            onClick={() => send({ type: 'back' })}
            data-testid="wizard-back"
          >
            {translate('app.qr_wizard.back')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSaving}
            startIcon={isSaving ? <CircularProgress size={18} color="inherit" /> : undefined}
            data-testid="wizard-create"
          >
            {translate(isSaving ? 'app.qr_wizard.creating' : 'app.qr_wizard.create')}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 3: test and download

function ConfirmationStep({
  pid,
  qrCode,
  send,
}: {
  pid: string;
  qrCode: QrCodeRecord;
  send: (event: WizardEvent) => void;
}) {
  const translate = useTranslate();
  const design = normaliseDesign(qrCode.design);
  return (
    <Card data-testid="wizard-confirmation">
      <CardContent>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box
            sx={{
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              width: 'fit-content',
            }}
          >
            <QrPreview data={qrCode.scanUrl} design={design} size={270} label={qrCode.name} />
          </Box>
          <Stack spacing={2.5}>
            <Box>
              <Typography variant="h6" data-testid="wizard-created-name">
                {qrCode.name}
              </Typography>
              <Typography color="text.secondary">{translate('app.qr_wizard.created')}</Typography>
            </Box>
            <ScanUrl url={qrCode.scanUrl} />
            <Box>
              <Typography variant="caption" color="text.secondary">
                {translate('resources.qr-codes.fields.action')}
              </Typography>
              <Box sx={{ mt: 0.5 }}>
                <ActionLabel action={qrCode.action} />
              </Box>
            </Box>
            <QrDownloadPanel
              stored={{ projectId: pid, id: qrCode.id }}
              name={qrCode.name}
              text={qrCode.scanUrl}
              design={design}
              testOnMount
            />
            <Divider />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant="contained"
                component={Link}
                to={qrCodePath(pid, qrCode.id)}
                data-testid="wizard-open"
              >
                {translate('app.qr_wizard.open')}
              </Button>
              {qrCode.actionId && (
                <Button
                  component={Link}
                  to={actionEditPath(pid, qrCode.actionId)}
                  data-testid="wizard-edit-action"
                >
                  {translate('app.qr_wizard.edit_action')}
                </Button>
              )}
              <Button onClick={() => send({ type: 'restart' })} data-testid="wizard-restart">
                {translate('app.qr_wizard.another')}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------

/**
 * One request: the QR code with its new Action inline (or an existing one), made together on the
 * server, so a failure or a step back never leaves an Action without its code.
 */
export async function createQrCode(
  dataProvider: ReturnType<typeof useDataProvider>,
  pid: string,
  state: Extract<WizardState, { status: 'configuring' | 'failed' }>,
  values: WizardValues,
  send: (event: WizardEvent) => void,
): Promise<void> {
  const meta = { projectId: pid };
  const { choice } = state;
  send({ type: 'save' });
  try {
    const action =
      choice.kind === 'new'
        ? toActionInput(
            withCodeName(choice.objectType, {
              name: values.name.trim(),
              objectType: choice.objectType,
              data: values.data ?? {},
              activity: ALWAYS_ACTIVE,
            }),
          )
        : undefined;
    const { data: qrCode } = await dataProvider.create('qr-codes', {
      data: {
        name: values.name.trim(),
        description: null,
        actionId: choice.kind === 'existing' ? choice.actionId : null,
        ...(action ? { action } : {}),
        templateId: values.templateId ?? null,
        design: normaliseDesign(values.design),
      },
      meta,
    });
    send({ type: 'saved', qrCode: qrCode as unknown as QrCodeRecord });
  } catch (error) {
    send({ type: 'failed', error });
  }
}

export function QrCodeWizard() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const { pid = '', '*': splat = '' } = useParams();
  const [urlStep, urlQrCodeId = ''] = splat.split('/');
  const [state, send] = useWizard(pid);
  const step = stepOf(state);
  const madeQrCodeId = state.status === 'done' ? state.qrCode.id : undefined;

  // The URL changed (arrival, back/forward, a typed address): bring state and URL together.
  useEffect(() => {
    const current = getWizardState(pid);
    const expected = stepOf(current);
    if (urlStep === '') {
      // Arriving from the menu or a button: a new QR code from the start.
      send({ type: 'restart' });
      navigate(wizardPath(pid, 'type'), { replace: true });
      return;
    }
    if (urlStep === expected) return;
    if (urlStep === 'confirmation' && urlQrCodeId) {
      // A reload on step 3: show the QR code made again; gone or foreign, start anew.
      dataProvider
        .getOne<QrCodeRecord>('qr-codes', { id: urlQrCodeId, meta: { projectId: pid } })
        .then(({ data }) => send({ type: 'reopened', qrCode: data }))
        .catch(() => navigate(wizardPath(pid, 'type'), { replace: true }));
      return;
    }
    if (urlStep === 'type' && current.status !== 'saving') {
      send({ type: current.status === 'done' ? 'restart' : 'back' });
      return;
    }
    if (urlStep === 'configuration' && current.status === 'choosing' && current.choice) {
      send({ type: 'next' });
      return;
    }
    navigate(wizardPath(pid, expected), { replace: true });
  }, [urlStep, urlQrCodeId, pid, navigate, send, dataProvider]);

  // The state moved to another step (a button): give that step its own URL.
  const shownStep = useRef(step);
  const urlStepRef = useRef(urlStep);
  useEffect(() => {
    urlStepRef.current = urlStep;
  }, [urlStep]);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (urlStepRef.current !== step) navigate(wizardPath(pid, step, madeQrCodeId));
  }, [step, pid, navigate, madeQrCodeId]);

  const choiceKey = (choice: ActionChoice) =>
    choice.kind === 'new' ? `new:${choice.objectType}` : choice.kind;
  const draft = getWizardDraft(pid);

  const activeIndex = WIZARD_STEPS.indexOf(step);
  // A step shows once its URL is there too: the layout re-mounts the screen when the path changes,
  // so a step drawn a moment earlier would be mounted twice and lose the focus and what was typed.
  const urlMatches = urlStep === step;
  return (
    <Box sx={{ py: 2, maxWidth: 1200 }} data-testid="qr-wizard" data-status={state.status}>
      <Title title={translate('app.qr_wizard.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.qr_wizard.title')}
      </Typography>
      <Stepper activeStep={activeIndex} sx={{ mb: 3 }} alternativeLabel>
        {WIZARD_STEPS.map((name, index) => (
          <Step key={name} completed={index < activeIndex}>
            <StepLabel data-testid={`wizard-step-${name}`}>
              {translate(`app.qr_wizard.steps.${name}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      {urlMatches && state.status === 'choosing' && (
        <TypeStep pid={pid} choice={state.choice} send={send} />
      )}
      {urlMatches &&
        (state.status === 'configuring' ||
          state.status === 'saving' ||
          state.status === 'failed') && (
          <ConfigurationStep
            key={choiceKey(state.choice)}
            pid={pid}
            state={state}
            draft={
              draft?.key === choiceKey(state.choice)
                ? (draft.values as unknown as WizardValues)
                : null
            }
            onDraft={(values) =>
              setWizardDraft(pid, {
                key: choiceKey(state.choice),
                values: values as unknown as Record<string, unknown>,
              })
            }
            onSubmit={(values) => {
              if (state.status === 'configuring' || state.status === 'failed') {
                void createQrCode(dataProvider, pid, state, values, send);
              }
            }}
            send={send}
          />
        )}
      {urlMatches && state.status === 'done' && (
        <ConfirmationStep pid={pid} qrCode={state.qrCode} send={send} />
      )}
    </Box>
  );
}
QrCodeWizard.path = '/projects/:pid/qr-code/create/*';

export default QrCodeWizard;
