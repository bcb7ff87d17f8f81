import { describe, expect, it } from 'vitest';
import { applyTemplateAsHtml, htmlToText, textToHtml } from './note-templates';

describe('templates applied into rich text', () => {
  it('substitutes {{patientName}}, {{clinicianName}} and {meetingLink} in an HTML template', () => {
    expect(
      applyTemplateAsHtml('<p>Hi {{patientName}}, book at {meetingLink}</p><p>{{clinicianName}}</p>', {
        patientName: 'Ann Lee',
        clinicianName: 'Jane Doe',
        meetingLink: 'https://cal.example/jane',
      }),
    ).toBe('<p>Hi Ann Lee, book at https://cal.example/jane</p><p>Jane Doe</p>');
  });
  it('turns a plain-text template into paragraphs and line breaks', () => {
    expect(applyTemplateAsHtml('Hi {{patientName}},\n\nAll clear.\nBest,\n{{clinicianName}}', { patientName: 'Ann', clinicianName: 'Jane' })).toBe(
      '<p>Hi Ann,</p><p>All clear.<br>Best,<br>Jane</p>',
    );
  });
  it('escapes values so a name cannot add markup', () => {
    expect(applyTemplateAsHtml('<p>Hi {{patientName}}</p>', { patientName: '<img src=x onerror=alert(1)>' })).toBe(
      '<p>Hi &lt;img src=x onerror=alert(1)&gt;</p>',
    );
    expect(textToHtml('a < b')).toBe('<p>a &lt; b</p>');
  });
  it('keeps a placeholder whose value is missing', () => {
    expect(applyTemplateAsHtml('<p>Hi {{patientName}}</p>', { patientName: ' ' })).toBe('<p>Hi {{patientName}}</p>');
  });
  it('reads a rich-text template as plain text for plain message fields', () => {
    expect(htmlToText('<p>Hi {{patientName}} &amp; co</p><p>Line<br>two</p>')).toBe('Hi {{patientName}} & co\n\nLine\ntwo');
    expect(htmlToText('plain\ntext')).toBe('plain\ntext');
  });
});
