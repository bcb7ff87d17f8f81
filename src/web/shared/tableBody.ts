import { TABLE_BODY_MAX_HEIGHT_PX } from '../../domain/shared/constants';

/** A react-admin DataTable's body at most 630 px high, scrolling inside with its header (the spec's tables, spec 3 §9). */
export const TABLE_BODY_SX = { '& .RaDataTable-tableWrapper': { maxHeight: TABLE_BODY_MAX_HEIGHT_PX, overflow: 'auto' } } as const;
