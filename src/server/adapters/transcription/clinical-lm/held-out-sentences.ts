/**
 * The accuracy test set: clinical visit sentences that are NOT in the language model's corpus (a unit test checks
 * that none of them, nor any of their sentences, is in it), so the measured word error rate is the one of new speech.
 * The first is the field test's recording, word for word.
 */
export const FIELD_TEST_SENTENCE =
  'Hello, I am doctor Jane. The patient reports a sore throat and mild fever for three days. ' +
  'No known allergies. Plan: rapid strep test and follow up in one week.';

export const HELD_OUT_SENTENCES: readonly string[] = [
  FIELD_TEST_SENTENCE,
  'Good morning, what brings you in today?',
  'I have had a bad cough and some chest tightness since Monday.',
  'Do you get short of breath when you walk up the stairs?',
  'She denies nausea, vomiting or diarrhea.',
  'Are you allergic to penicillin or any other medicine?',
  'My blood pressure was one hundred forty over ninety this morning.',
  'He takes metformin five hundred milligrams twice a day for diabetes.',
  'The pain is sharp and it gets worse when I lie down.',
  'Any history of asthma, heart disease or high cholesterol?',
  'Your temperature is normal and your lungs sound clear.',
  'I think this is most likely a viral infection.',
  'Drink plenty of fluids and get some rest.',
  'I will send a prescription for amoxicillin to your pharmacy.',
  'Please call us if the fever goes above one hundred and two.',
  'We will check your blood sugar and a urine sample today.',
  'The headache started two weeks ago and it comes and goes.',
  'Have you noticed any swelling in your ankles?',
  'She has no rash and no joint pain.',
  'Let us schedule a follow up visit in two weeks to see how you are doing.',
  'Do you smoke or drink alcohol?',
  'My stomach has been hurting after meals for about a month.',
];
