import { z } from 'zod';
import { calendarLinkSchema, clinicianProfileCreateSchema, clinicianProfileUpdateSchema } from '../../domain/clinician/clinician-profile';
import { read, write } from '../../domain/shared/route-access';
import { errorBody, type ZodApp } from '../http/validation';
import { fullProfileSchema } from './schemas';
import { createProfile, updateProfile } from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The clinician's own profile writes (spec 3 §7 "Clinician profile"): create on sign-up (id and e-mail from the token),
 * update of the personal information, the calendar link; and reading a profile by id or e-mail (own, or any for a
 * super admin). HTTP only: the rules in service.ts, history and audit in repository.ts.
 */
export function profileRoutes(app: ZodApp) {
  app.post(
    '/secure/clinician/profile/create',
    {
      // any verified user, even one in no group yet (sign-up); a write, so a read-only auditor is refused
      config: write('signedIn', { allowInactive: true }),
      schema: { tags: ['clinician'], body: clinicianProfileCreateSchema, response: { 201: fullProfileSchema, ...err, 409: errorBody } },
    },
    async (req, reply) => reply.status(201).send(await createProfile(req.data, req.body)),
  );

  app.patch(
    '/secure/clinician/profile/update',
    {
      config: write('members'),
      schema: { tags: ['clinician'], body: clinicianProfileUpdateSchema, response: { 200: fullProfileSchema, ...err } },
    },
    (req) => updateProfile(req.data, req.body),
  );

  app.patch(
    '/secure/clinician/updateCalendar',
    {
      config: write('members'),
      schema: { tags: ['clinician'], body: calendarLinkSchema, response: { 200: z.object({ calendarLink: z.string() }), ...err } },
    },
    async (req) => {
      const { calendarLink } = req.body;
      await req.data.transaction((tx) => tx.clinicians.setCalendarLink(calendarLink));
      return { calendarLink };
    },
  );

  app.get(
    '/secure/clinician/profile/:id',
    {
      config: read('members', { allowInactive: true }),
      schema: { tags: ['clinician'], params: z.strictObject({ id: z.guid() }), response: { 200: fullProfileSchema, ...err } },
    },
    (req) => req.data.clinicians.profile({ id: req.params.id }),
  );

  app.get(
    '/secure/clinician/email/:email',
    {
      config: read('members', { allowInactive: true }),
      schema: {
        tags: ['clinician'],
        params: z.strictObject({ email: z.string().trim().min(3).max(254) }),
        response: { 200: fullProfileSchema, ...err },
      },
    },
    (req) => req.data.clinicians.profile({ email: req.params.email }),
  );
}
