// The ten Action kinds in the editor's tab order (SPEC §2 "The Action editor"), with their icons.
import type { SvgIconComponent } from '@mui/icons-material';
import LinkIcon from '@mui/icons-material/Link';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import ContactIcon from '@mui/icons-material/ContactPageOutlined';
import TextIcon from '@mui/icons-material/NotesOutlined';
import AppIcon from '@mui/icons-material/AppShortcutOutlined';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import SmsIcon from '@mui/icons-material/SmsOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import SoundIcon from '@mui/icons-material/MusicNoteOutlined';
import { ACTION_TYPES, type ActionType } from '../../shared/enums';

/** Tab order of SPEC §2: shared/enums lists the ten kinds in that order already. */
export const ACTION_TAB_ORDER: readonly ActionType[] = ACTION_TYPES;

export const ACTION_TYPE_ICONS: Record<ActionType, SvgIconComponent> = {
  link: LinkIcon,
  file: FileIcon,
  contact: ContactIcon,
  textArea: TextIcon,
  appLink: AppIcon,
  email: EmailIcon,
  phoneNumber: PhoneIcon,
  sms: SmsIcon,
  whatsapp: WhatsAppIcon,
  sound: SoundIcon,
};

/** Labels: app.actions.types.<type>; tooltips: app.actions.tooltips.<type>. */
export const typeLabelKey = (type: string) => `app.actions.types.${type}`;
export const typeTooltipKey = (type: string) => `app.actions.tooltips.${type}`;
