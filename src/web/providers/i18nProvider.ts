import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { EN_MESSAGES } from '../../domain/i18n/en';

/** The portal catalogue: react-admin's English messages plus the project's one catalogue (src/domain/i18n/en). */
export const portalMessages: TranslationMessages = mergeTranslations(englishMessages, EN_MESSAGES) as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(() => portalMessages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
