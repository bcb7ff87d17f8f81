import { createContext } from 'react';
import { DEFAULT_IDLE, type IdleSettings } from '../../domain/shared/session';

/**
 * The idle settings of the runtime config (bootstrap provides them; the defaults otherwise). Apart from IdleLogoff so
 * that the sign-in page does not download the idle timer, which only runs on signed-in pages.
 */
export const IdleSettingsContext = createContext<IdleSettings>(DEFAULT_IDLE);
