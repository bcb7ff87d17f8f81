import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** The clinician's own templates (spec 3 §7), managed on the profile: no screen of their own. */
export default {
  name: 'templates',
  endpoints: {
    /** GET, POST and PUT /secure/clinician/template (update sends the id). */
    templates: {
      route: '/profile',
      list: '/secure/clinician/template',
      listShape: 'array',
      create: '/secure/clinician/template',
      update: () => '/secure/clinician/template',
      updateMethod: 'PUT',
    },
  },
} satisfies ResourceDescriptor;
