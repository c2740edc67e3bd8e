export { MailSettingsSection } from './components/mail-settings-section';
