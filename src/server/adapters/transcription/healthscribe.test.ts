import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { healthScribeEngine, s3Location } from './healthscribe';

const recorded = JSON.parse(readFileSync(new URL('./healthscribe.recorded.json', import.meta.url), 'utf8'));
const JOB = '6a1f6b0e-3c8e-4b7d-9d6a-0c2b1f4e9a21';
const AUDIO = { key: `TRANSCRIPTION_AUDIO/${JOB}.webm`, url: `s3://portal-phi-audio/TRANSCRIPTION_AUDIO/${JOB}.webm` };

type Sent = { name: string; input: Record<string, any> };
/** SDK clients answering the recorded responses, in order, and noting every command sent. */
function clients(jobAnswers: unknown[]) {
  const sent: Sent[] = [];
  const note = (cmd: { constructor: { name: string }; input: Record<string, any> }) => sent.push({ name: cmd.constructor.name, input: cmd.input });
  const transcribe = {
    send: async (cmd: any) => {
      note(cmd);
      const answer = cmd.constructor.name === 'GetMedicalScribeJobCommand' ? jobAnswers.shift() : recorded.StartMedicalScribeJob;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  const s3 = {
    send: async (cmd: any) => {
      note(cmd);
      if (cmd.constructor.name !== 'GetObjectCommand') return {};
      const file = String(cmd.input.Key).split('/').pop()!;
      return { Body: { transformToString: async () => JSON.stringify(recorded[file]) } };
    },
  };
  const engine = healthScribeEngine({
    region: 'us-west-2',
    dataAccessRoleArn: 'arn:aws:iam::111122223333:role/HealthScribeDataAccess',
    outputBucket: 'portal-healthscribe-output',
    transcribe: transcribe as never,
    s3: s3 as never,
  });
  return { engine, sent };
}

describe('AWS HealthScribe engine (recorded responses)', () => {
  it('starts the job on the S3 audio with the data-access role, output bucket and two speaker labels', async () => {
    const { engine, sent } = clients([]);
    await engine.start(JOB, AUDIO);
    expect(sent).toEqual([
      {
        name: 'StartMedicalScribeJobCommand',
        input: {
          MedicalScribeJobName: JOB,
          Media: { MediaFileUri: AUDIO.url },
          OutputBucketName: 'portal-healthscribe-output',
          OutputEncryptionKMSKeyId: undefined,
          DataAccessRoleArn: 'arn:aws:iam::111122223333:role/HealthScribeDataAccess',
          Settings: { ShowSpeakerLabels: true, MaxSpeakerLabels: 2 },
        },
      },
    ]);
    await expect(engine.start(JOB, { key: AUDIO.key, url: `local://${AUDIO.key}` })).rejects.toThrow(/S3 only/);
  });

  it('a retried start whose job already exists (ConflictException) is not an error; other errors are', async () => {
    const conflict = Object.assign(new Error(recorded.ConflictException.message), { name: 'ConflictException' });
    const failing = (err: Error) =>
      healthScribeEngine({
        region: 'us-west-2',
        dataAccessRoleArn: 'r',
        outputBucket: 'b',
        s3: { send: async () => ({}) } as never,
        transcribe: {
          send: async () => {
            throw err;
          },
        } as never,
      });
    await expect(failing(conflict).start(JOB, AUDIO)).resolves.toBeUndefined();
    await expect(failing(Object.assign(new Error('denied'), { name: 'AccessDeniedException' })).start(JOB, AUDIO)).rejects.toThrow('denied');
  });

  it('maps the job status: in progress, completed, failed with its reason', async () => {
    const { engine } = clients([
      recorded['GetMedicalScribeJob.inProgress'],
      recorded['GetMedicalScribeJob.completed'],
      recorded['GetMedicalScribeJob.failed'],
    ]);
    expect(await engine.status(JOB)).toEqual({ state: 'IN_PROGRESS' });
    expect(await engine.status(JOB)).toEqual({ state: 'COMPLETED' });
    expect(await engine.status(JOB)).toEqual({ state: 'FAILED', reason: 'The media format provided does not match the detected media format.' });
  });

  it("reads the transcript and the clinical documentation from the output bucket, keeping only the spec's fields", async () => {
    const { engine, sent } = clients([recorded['GetMedicalScribeJob.completed'], recorded['GetMedicalScribeJob.completed']]);
    const output = await engine.output(JOB);
    expect(output.Conversation.TranscriptSegments).toHaveLength(3);
    expect(output.Conversation.TranscriptSegments[1]).toEqual({
      SegmentId: 'c1a3e0a2-0d3f-4f8e-8c55-7b2a9e61f0a2',
      BeginAudioTime: 4.05,
      EndAudioTime: 6.89,
      Content: 'I have had a headache and a fever for three days.',
      ParticipantDetails: { ParticipantRole: 'CLINICIAN_1' },
    });
    expect(JSON.stringify(output)).not.toContain('ClinicalInsights');
    const summary = await engine.summary(JOB);
    expect(summary.ClinicalDocumentation.Sections.map((s) => s.SectionName)).toEqual([
      'CHIEF_COMPLAINT',
      'HISTORY_OF_PRESENT_ILLNESS',
      'ASSESSMENT',
      'PLAN',
    ]);
    expect(summary.ClinicalDocumentation.Sections[3].Summary).toEqual([
      { SummarizedSegment: 'Ibuprofen twice daily and rest.' },
      { SummarizedSegment: 'Follow up in one week if the fever persists.' },
    ]);
    expect(sent.filter((c) => c.name === 'GetObjectCommand').map((c) => c.input)).toEqual([
      { Bucket: 'portal-healthscribe-output', Key: `${JOB}/transcript.json` },
      { Bucket: 'portal-healthscribe-output', Key: `${JOB}/summary.json` },
    ]);
  });

  it('cleanup deletes both output files and the job', async () => {
    const { engine, sent } = clients([recorded['GetMedicalScribeJob.completed']]);
    await engine.cleanup(JOB);
    expect(sent.slice(1).map((c) => [c.name, c.input.Key ?? c.input.MedicalScribeJobName])).toEqual([
      ['DeleteObjectCommand', `${JOB}/transcript.json`],
      ['DeleteObjectCommand', `${JOB}/summary.json`],
      ['DeleteMedicalScribeJobCommand', JOB],
    ]);
  });

  it('reads S3 locations in their three spellings and refuses others', () => {
    expect(s3Location('s3://b/k/x.json')).toEqual({ bucket: 'b', key: 'k/x.json' });
    expect(s3Location('https://s3.us-west-2.amazonaws.com/b/k/x.json')).toEqual({ bucket: 'b', key: 'k/x.json' });
    expect(s3Location('https://b.s3.us-west-2.amazonaws.com/k/x.json')).toEqual({ bucket: 'b', key: 'k/x.json' });
    expect(() => s3Location('https://example.com/b/k')).toThrow(/S3/);
  });
});
