import type { ApiFetch } from './httpClient';
import { METHOD_FEATURES } from './methodIndex';

/*
 * The features' named dataProvider methods (providers/<feature>Methods.ts), each feature's module downloaded on the
 * first call of one of its methods: the sign-in page and the dashboard do not load every feature's calls. Every
 * method of these modules answers a promise, so a method that first waits for its module keeps its exact signature.
 * A method is written once, in its module; its type is the module factory's and the name index (methodIndex.ts) is
 * generated from the modules by lazyMethods.test.ts.
 */

/** Every feature module and how to load its factory. A new feature adds one line here. */
export const FEATURE_MODULES = {
  lab: () => import('./labMethods').then((m) => m.createLabMethods),
  transcription: () => import('./transcriptionMethods').then((m) => m.createTranscriptionMethods),
  message: () => import('./messageMethods').then((m) => m.createMessageMethods),
  patient: () => import('./patientMethods').then((m) => m.createPatientMethods),
  accessLog: () => import('./accessLogMethods').then((m) => m.createAccessLogMethods),
  superAdmin: () => import('./superAdminMethods').then((m) => m.createSuperAdminMethods),
  payment: () => import('./paymentMethods').then((m) => m.createPaymentMethods),
  booking: () => import('./bookingMethods').then((m) => m.createBookingMethods),
  chartNote: () => import('./chartNoteMethods').then((m) => m.createChartNoteMethods),
  kit: () => import('./kitMethods').then((m) => m.createKitMethods),
  labOrder: () => import('./labOrderMethods').then((m) => m.createLabOrderMethods),
  prescription: () => import('./prescriptionMethods').then((m) => m.createPrescriptionMethods),
  clinician: () => import('./clinicianMethods').then((m) => m.createClinicianMethods),
  dashboard: () => import('./dashboardMethods').then((m) => m.createDashboardMethods),
  template: () => import('./templateMethods').then((m) => m.createTemplateMethods),
};

type Modules = typeof FEATURE_MODULES;
export type Feature = keyof Modules;
type MethodsOf<F extends Feature> = ReturnType<Awaited<ReturnType<Modules[F]>>>;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every feature's methods, as their modules' factories type them. */
export type FeatureMethods = Intersection<{ [F in Feature]: MethodsOf<F> }[Feature]>;

/** The feature of each method, as the index must name it (a stale index fails the typecheck), if it answers a promise. */
type FeatureOf<K extends PropertyKey> = { [F in Feature]: K extends keyof MethodsOf<F> ? F : never }[Feature];
type IndexEntry<K extends keyof FeatureMethods> = FeatureMethods[K] extends (...args: never[]) => Promise<unknown>
  ? FeatureOf<K>
  : 'answers no promise';
const index: { readonly [K in keyof FeatureMethods]: IndexEntry<K> } = METHOD_FEATURES;

type Methods = Record<string, (...args: unknown[]) => Promise<unknown>>;

/**
 * Every feature method over `api`: a call loads the feature's module once (per provider), then runs the real method.
 * A failed download is not kept, so the next call tries again.
 */
export function createLazyFeatureMethods(api: ApiFetch): FeatureMethods {
  const loaded = new Map<Feature, Promise<Methods>>();
  const ready = (feature: Feature) => {
    let methods = loaded.get(feature);
    if (!methods) {
      methods = FEATURE_MODULES[feature]()
        .then((create) => create(api) as unknown as Methods)
        .catch((error: unknown) => {
          loaded.delete(feature);
          throw error;
        });
      loaded.set(feature, methods);
    }
    return methods;
  };
  const methods: Methods = {};
  for (const [name, feature] of Object.entries(index) as Array<[string, Feature]>) {
    methods[name] = async (...args) => (await ready(feature))[name](...args);
  }
  return methods as unknown as FeatureMethods;
}
