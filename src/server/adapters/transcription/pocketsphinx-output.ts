import type { TranscriptSegment } from '../../../domain/transcription/transcription';

/** A pause at least this long between two words starts a new segment (pocketsphinx already splits utterances). */
export const SEGMENT_PAUSE_SECONDS = 0.6;

/** pocketsphinx cannot tell speakers apart: every segment is the one participant it hears. */
export const LOCAL_PARTICIPANT = 'CLINICIAN_0';

interface Word {
  text: string;
  start: number;
  end: number;
}

/** Filler tokens pocketsphinx marks: sentence bounds, silence, noises ([NOISE], ++UM++). */
const isFiller = (token: string) => /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+)$/.test(token);

/**
 * Maps `pocketsphinx_continuous -time yes` output (per utterance: the hypothesis line, then "word start end
 * confidence" lines between <s> and </s>) to transcript segments: one per utterance, split again at long pauses.
 * Alternative pronunciations ("and(2)") lose their marker.
 */
export function segmentsFromPocketsphinx(stdout: string): TranscriptSegment[] {
  const utterances: Word[][] = [];
  let current: Word[] | null = null;
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const [, token, start, end] = m;
    if (token === '<s>') current = [];
    else if (token === '</s>') {
      if (current?.length) utterances.push(current);
      current = null;
    } else if (!isFiller(token)) {
      (current ??= []).push({ text: token.replace(/\(\d+\)$/, ''), start: Number(start), end: Number(end) });
    }
  }
  if (current?.length) utterances.push(current);

  const groups: Word[][] = [];
  for (const words of utterances) {
    let group: Word[] = [];
    for (const w of words) {
      if (group.length > 0 && w.start - group[group.length - 1].end >= SEGMENT_PAUSE_SECONDS) {
        groups.push(group);
        group = [];
      }
      group.push(w);
    }
    groups.push(group);
  }
  return groups.map((g, i) => ({
    SegmentId: `segment-${i + 1}`,
    BeginAudioTime: g[0].start,
    EndAudioTime: g[g.length - 1].end,
    Content: g.map((w) => w.text).join(' '),
    ParticipantDetails: { ParticipantRole: LOCAL_PARTICIPANT },
  }));
}
