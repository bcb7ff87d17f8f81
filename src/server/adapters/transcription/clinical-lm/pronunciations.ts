/**
 * Pronunciations (the model's ARPAbet phones, no stress marks) of clinical words Debian's cmudict-en-us.dict lacks:
 * common drug names and a few clinical terms. Added to the dictionary so the clinical model can use them.
 */
export const EXTRA_PRONUNCIATIONS: Readonly<Record<string, string>> = {
  amlodipine: 'AE M L OW D AH P IY N',
  atorvastatin: 'AH T AO R V AH S T AE T IH N',
  auscultation: 'AO S K AH L T EY SH AH N',
  azithromycin: 'AH Z IH TH R OW M AY S IH N',
  cephalexin: 'S EH F AH L EH K S IH N',
  cetirizine: 'S EH T IH R AH Z IY N',
  codeine: 'K OW D IY N',
  covid: 'K OW V IH D',
  doxycycline: 'D AA K S IH S AY K L IY N',
  earache: 'IH R EY K',
  gabapentin: 'G AE B AH P EH N T IH N',
  hydrochlorothiazide: 'HH AY D R OW K L AO R OW TH AY AH Z AY D',
  levothyroxine: 'L IY V OW TH AY R AA K S IY N',
  lisinopril: 'L AY S IH N AH P R IH L',
  loratadine: 'L AO R AE T AH D IY N',
  losartan: 'L OW S AA R T AH N',
  metformin: 'M EH T F AO R M IH N',
  metoprolol: 'M AH T OW P R AH L AA L',
  naproxen: 'N AH P R AA K S AH N',
  omeprazole: 'OW M EH P R AH Z OW L',
  pharyngitis: 'F EH R AH N JH AY T IH S',
  prednisone: 'P R EH D N AH S OW N',
  sertraline: 'S ER T R AH L IY N',
  simvastatin: 'S IH M V AH S T AE T IH N',
};

/** The dictionary text with the extra pronunciations appended (cmudict's own entries win). */
export const withExtraPronunciations = (cmudict: string) =>
  `${cmudict.replace(/\n?$/, '\n')}${Object.entries(EXTRA_PRONUNCIATIONS)
    .map(([w, p]) => `${w} ${p}`)
    .join('\n')}\n`;
