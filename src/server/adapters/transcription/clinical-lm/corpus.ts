import { HISTORY_TAKING } from './corpus-history';

/**
 * The clinical-conversation corpus the local engine's language model is built from: what a clinician and a patient
 * say in a visit (greetings, complaints, onset and duration, pertinent negatives, allergies, medications, history,
 * vitals, examination, assessment, plan, follow-up) and everyday talk around it, so general speech still decodes.
 * Written for this model; the held-out test sentences (held-out-sentences.ts) are deliberately not in it.
 * Numbers are spelt out, as the recogniser writes them.
 */

/** The examining and deciding half: vitals, examination, assessment, plan, follow-up, closing. */
const EXAMINATION_AND_PLAN: readonly string[] = [
  // vitals and examination
  'Your blood pressure is one hundred thirty over eighty.',
  'Blood pressure one hundred twenty over seventy.',
  'Blood pressure is a little high today.',
  'Heart rate is eighty two.',
  'Pulse is ninety and regular.',
  'Temperature is one hundred point four.',
  'Temperature ninety eight point six.',
  'You have a temperature of one hundred and one.',
  'Oxygen saturation is ninety eight percent on room air.',
  'Respiratory rate sixteen.',
  'Weight is one hundred seventy pounds.',
  'Let me listen to your heart and lungs.',
  'Take a deep breath in and out.',
  'Open your mouth and say ah.',
  'Let me take a look at your throat.',
  'Let me look in your ears.',
  'Lungs are clear to auscultation.',
  'The lungs are clear on both sides.',
  'Heart sounds are normal.',
  'Regular rate and rhythm, no murmurs.',
  'The throat is red with swollen tonsils.',
  'There is some redness in the throat.',
  'The abdomen is soft and not tender.',
  'There is tenderness in the lower right side.',
  'The ears look normal.',
  'Your exam looks good.',
  'Everything sounds normal.',
  // assessment
  'I think you have a viral infection.',
  'I think this is a cold.',
  'This looks like strep throat.',
  'This is most likely the flu.',
  'It sounds like a sinus infection.',
  'It is probably a urinary tract infection.',
  'It could be bronchitis.',
  'This is consistent with a muscle strain.',
  'I suspect pneumonia.',
  'My impression is acute bronchitis.',
  'Assessment: viral upper respiratory infection.',
  'Assessment: strep pharyngitis.',
  'Assessment is likely migraine.',
  'The diagnosis is high blood pressure.',
  'Your blood pressure is not well controlled.',
  // plan
  'Plan: rest and fluids.',
  'Plan is to start antibiotics.',
  'The plan is to do a chest x ray.',
  'Here is the plan.',
  'I am going to prescribe an antibiotic.',
  'I will prescribe amoxicillin for ten days.',
  'I will prescribe something for the pain.',
  'I am sending a prescription to your pharmacy.',
  'Take this medicine twice a day with food.',
  'Take one tablet every six hours as needed for pain.',
  'Take ibuprofen four hundred milligrams every eight hours.',
  'Take acetaminophen for the fever.',
  'Finish all of the antibiotics.',
  'Stop taking the medicine if you get a rash.',
  'Continue your current medications.',
  'We will increase the dose of your blood pressure medicine.',
  'We will do a rapid strep test.',
  'We will do a flu test and a covid test.',
  'We will order some blood tests.',
  'I want to get a chest x ray.',
  'We will check a urine test.',
  'I will order a complete blood count.',
  'We will send a throat culture.',
  'I am going to refer you to a specialist.',
  'I will refer you to physical therapy.',
  'Rest and drink lots of water.',
  'Drink a lot of fluids.',
  'Get plenty of sleep.',
  'Use a humidifier at night.',
  'Apply ice to the area for twenty minutes.',
  'Avoid heavy lifting for two weeks.',
  'Stay home from work until the fever is gone.',
  'Follow up in two weeks.',
  'Follow up in three days if not better.',
  'Follow up with your primary care doctor.',
  'Come back in a week if you are not better.',
  'Come back if the symptoms get worse.',
  'Call us if you have any questions.',
  'Call the office if the fever does not go away.',
  'Go to the emergency room if you have trouble breathing.',
  'I will see you again in one month.',
  'We will schedule a follow up visit.',
  'Schedule a follow up appointment in four weeks.',
  'Return to clinic in two weeks.',
  // closing
  'Do you have any questions for me?',
  'Is there anything else I can help you with?',
  'I hope you feel better soon.',
  'Take care and feel better.',
  'Thank you doctor.',
  'Thank you so much.',
  'Okay, that sounds good.',
  'Yes, that is right.',
  'No, I do not think so.',
  'I understand.',
  'Have a good day.',
];

/** Everyday talk around a visit, so the model is not only clinical. */
const EVERYDAY: readonly string[] = [
  'How was your weekend?',
  'The weather is nice today.',
  'It is cold outside.',
  'I had to take the day off work.',
  'My daughter drove me here.',
  'I work at a school.',
  'I have two kids at home.',
  'Sorry I am late, the traffic was bad.',
  'Can you say that again please?',
  'I am not sure.',
  'I think so.',
  'I do not know.',
  'Maybe a little.',
  'Yes, a little bit.',
  'It is hard to say.',
  'Let me check.',
  'One moment please.',
  'Can you spell that for me?',
  'What time is it?',
  'I will be right back.',
  'That is good to hear.',
  'That makes sense.',
  'I will try that.',
  'Where is the pharmacy?',
  'How much does it cost?',
  'Does my insurance cover it?',
  'I need a note for work.',
  'Can I go back to work tomorrow?',
  'Can I still exercise?',
  'Should I be worried?',
  'When will I get the results?',
  'We will call you with the results.',
];

/** Words a visit may use that the sentences above do not (symptoms, drugs, days, numbers). */
export const CLINICAL_WORDS: readonly string[] = `
  ache aches aching abdomen abdominal anxiety appetite arm arms arthritis asthma back bleeding blurry bloating bruise
  burning calf cancer chest chills cholesterol cold colds congestion constipation cough coughing cramps cramping
  depression diabetes diarrhea dizziness dizzy ear earache ears elbow eye eyes face fainting fatigue fever fevers flu
  foot hand head headache headaches hearing heartburn hip hips hives infection itching itchy joint joints kidney knee
  knees leg legs lump lungs migraine mucus muscle nausea neck nose numbness pain pains palpitations phlegm pressure rash
  shoulder sinus skin sleep sneezing sore spine stiffness stomach sweating swelling throat tingling toe tooth urine
  vision vomiting weakness wheezing wound wrist
  acetaminophen albuterol amlodipine amoxicillin antibiotic antibiotics antihistamine aspirin atorvastatin azithromycin
  cephalexin cetirizine doxycycline gabapentin hydrochlorothiazide ibuprofen inhaler insulin levothyroxine lisinopril
  loratadine losartan metformin metoprolol naproxen omeprazole penicillin prednisone sertraline simvastatin tylenol
  advil motrin tablet tablets capsule capsules milligrams dose doses daily weekly
  monday tuesday wednesday thursday friday saturday sunday morning afternoon evening night tonight today yesterday
  tomorrow hour hours day days week weeks month months year years
  zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen
  eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred point half
  mary john james robert michael david sarah jennifer linda patricia elizabeth susan jessica karen nancy lisa
  jane anna emily maria james william thomas daniel paul mark smith johnson brown jones garcia miller davis wilson lee
  doctor nurse mister misses
  mild moderate severe chronic acute recent sudden gradual constant intermittent worse better same
`
  .trim()
  .split(/\s+/);

export const CLINICAL_CORPUS: readonly string[] = [...HISTORY_TAKING, ...EXAMINATION_AND_PLAN, ...EVERYDAY];
