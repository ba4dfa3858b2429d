// The fields of each Action kind (SPEC §3), one component per kind; rules come from the shared
// schema through the form-level validate (actionForm.ts). The Action editor and the QR code
// wizard both render these; the wizard's `compact` form leaves out what it asks for itself.
import { lazy, Suspense, type ReactNode } from 'react';
import { Box, CircularProgress, Stack } from '@mui/material';
import {
  ArrayInput,
  AutocompleteInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useLocaleState,
  useTranslate,
  type TextInputProps,
} from 'react-admin';
import type { ActionType } from '../../shared/enums';
import { COUNTRIES } from '../../shared/countries';
import {
  APP_STORE_PREFIX,
  CONTACT_EMAIL_TYPES,
  CONTACT_PHONE_TYPES,
  PLAY_STORE_PREFIX,
} from '../../shared/schemas/action';
import { MediaInput } from '../media/MediaInput';
import { UtmBuilder } from './UtmBuilder';

const ActionRichTextInput = lazy(() => import('./ActionRichTextInput'));

const F = 'resources.actions.fields.data';

function Text(props: TextInputProps) {
  return <TextInput fullWidth {...props} />;
}

function Row({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={{ xs: 0, md: 2 }}
      sx={{ width: '100%' }}
    >
      {children}
    </Stack>
  );
}

function LinkInputs() {
  return (
    <>
      <Text source="data.link" type="url" placeholder="https://" />
      <UtmBuilder source="data.link" />
    </>
  );
}

function FileInputs() {
  return <MediaInput source="data.media" kind="file" />;
}

function useTypeChoices(types: readonly string[], group: string) {
  const translate = useTranslate();
  return types.map((type) => ({ id: type, name: translate(`app.actions.${group}.${type}`) }));
}

interface KindProps {
  /** Inside the wizard: the code's own Name is the contact's name, so no second Name field. */
  compact?: boolean;
}

/** The countries of src/shared/countries.ts as choices, named and sorted in the UI language. */
export function useCountryChoices() {
  const [locale] = useLocaleState();
  return COUNTRIES.map((country) => ({
    id: country.code,
    name: locale === 'nl' ? country.nameNl : country.name,
  })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** A contact's list of typed entries (email addresses, phone numbers): a type and a value each. */
function ContactEntries({
  list,
  value,
  inputType,
  choices,
  defaultType,
  testId,
}: {
  list: 'emailAddresses' | 'phoneNumbers';
  value: 'email' | 'phoneNumber';
  inputType: 'email' | 'tel';
  choices: { id: string; name: string }[];
  defaultType: string;
  testId: string;
}) {
  return (
    <ArrayInput source={`data.${list}`} label={`${F}.${list}.label`}>
      <SimpleFormIterator inline disableReordering data-testid={testId}>
        <SelectInput
          source="type"
          label={`${F}.${list}.type`}
          choices={choices}
          defaultValue={defaultType}
          emptyValue={defaultType}
        />
        <TextInput source={value} type={inputType} label={`${F}.${list}.${value}`} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function ContactInputs({ compact }: KindProps) {
  const translate = useTranslate();
  const emailTypes = useTypeChoices(CONTACT_EMAIL_TYPES, 'email_types');
  const phoneTypes = useTypeChoices(CONTACT_PHONE_TYPES, 'phone_types');
  const countries = useCountryChoices();
  return (
    <>
      <MediaInput source="data.avatar" kind="avatar" preview="image" />
      {!compact && <Text source="data.name" />}
      <ContactEntries
        list="emailAddresses"
        value="email"
        inputType="email"
        choices={emailTypes}
        defaultType="work"
        testId="contact-emails"
      />
      <ContactEntries
        list="phoneNumbers"
        value="phoneNumber"
        inputType="tel"
        choices={phoneTypes}
        defaultType="mobile"
        testId="contact-phones"
      />
      <Row>
        <Text source="data.company.name" />
        <Text source="data.company.position" />
      </Row>
      <Text source="data.address.street" />
      <Row>
        <Text source="data.address.zipCode" />
        <Text source="data.address.city" />
      </Row>
      <AutocompleteInput
        source="data.address.country"
        choices={countries}
        fullWidth
        noOptionsText={translate('ra.navigation.no_results')}
        data-testid="contact-country"
      />
      <Row>
        <Text source="data.website.personal" placeholder="https://" />
        <Text source="data.website.linkedIn" placeholder="https://www.linkedin.com/in/" />
      </Row>
    </>
  );
}

function TextAreaInputs() {
  return (
    <Suspense
      fallback={
        <Box sx={{ p: 2 }}>
          <CircularProgress size={24} />
        </Box>
      }
    >
      <ActionRichTextInput source="data.text" label={`${F}.text`} />
    </Suspense>
  );
}

function AppLinkInputs() {
  const translate = useTranslate();
  return (
    <>
      <Row>
        <Text source="data.applicationName" />
        <Text source="data.developerName" />
      </Row>
      <MediaInput source="data.applicationLogo" kind="logo" preview="image" />
      <Text source="data.title" />
      <Text source="data.description" multiline minRows={2} />
      <Text source="data.website" label={`${F}.appWebsite`} placeholder="https://" />
      <Text
        source="data.appStore"
        placeholder={APP_STORE_PREFIX}
        helperText={translate('app.actions.hints.prefix', { prefix: APP_STORE_PREFIX })}
      />
      <Text
        source="data.playStore"
        placeholder={PLAY_STORE_PREFIX}
        helperText={translate('app.actions.hints.prefix', { prefix: PLAY_STORE_PREFIX })}
      />
    </>
  );
}

function AddressList({ source }: { source: 'data.cc' | 'data.bcc' }) {
  const name = source.slice('data.'.length);
  return (
    <ArrayInput source={source} label={`${F}.${name}.label`}>
      <SimpleFormIterator inline disableReordering>
        <TextInput source="address" type="email" label={`${F}.${name}.address`} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function EmailInputs() {
  return (
    <>
      <Text source="data.address" type="email" label={`${F}.emailAddress`} />
      <Text source="data.subject" />
      <Text source="data.body" multiline minRows={3} />
      <AddressList source="data.cc" />
      <AddressList source="data.bcc" />
    </>
  );
}

function PhoneNumberInputs() {
  return <Text source="data.phoneNumber" type="tel" />;
}

function SmsInputs() {
  return (
    <>
      <Text source="data.phoneNumber" type="tel" />
      <Text source="data.body" label={`${F}.message`} multiline minRows={3} />
    </>
  );
}

function WhatsappInputs() {
  return (
    <>
      <Text source="data.number" type="tel" />
      <Text source="data.text" label={`${F}.message`} multiline minRows={3} />
    </>
  );
}

function SoundInputs() {
  return (
    <>
      <MediaInput source="data.sound" kind="sound" preview="audio" />
      <MediaInput source="data.cover" kind="cover" preview="image" />
      <Text source="data.title" />
      <Text source="data.subtitle" />
      <Text source="data.description" multiline minRows={2} />
    </>
  );
}

const INPUTS: Record<ActionType, (props: KindProps) => ReactNode> = {
  link: LinkInputs,
  file: FileInputs,
  contact: ContactInputs,
  textArea: TextAreaInputs,
  appLink: AppLinkInputs,
  email: EmailInputs,
  phoneNumber: PhoneNumberInputs,
  sms: SmsInputs,
  whatsapp: WhatsappInputs,
  sound: SoundInputs,
};

/** Kinds whose name is the Action's own (a contact card's name), taken from the code's name. */
export const NAMED_BY_CODE: Partial<Record<ActionType, string>> = { contact: 'name' };

export function ActionTypeInputs({ type, compact = false }: { type: ActionType } & KindProps) {
  const Inputs = INPUTS[type];
  return (
    <Box sx={{ width: '100%' }} data-testid={`action-fields-${type}`}>
      <Inputs compact={compact} />
    </Box>
  );
}
