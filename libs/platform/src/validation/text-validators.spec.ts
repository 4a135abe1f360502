import { IsOptional, IsString, validateSync } from 'class-validator';
import { IsIanaTimeZone, NoControlCharacters } from './text-validators';

class Sample {
  @IsString()
  @NoControlCharacters()
  name!: string;

  @IsOptional()
  @IsIanaTimeZone()
  timeZone?: string;
}

function errorsOf(values: Partial<Sample>): string[] {
  return validateSync(Object.assign(new Sample(), values)).flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('NoControlCharacters', () => {
  it.each(['a\u0000b', 'line\nbreak', 'tab\there', 'del\u007f', 'c1\u0085'])('rejects %j, naming the field', (name) => {
    expect(errorsOf({ name })).toEqual(['name must not contain control characters']);
  });

  it('accepts ordinary text, accents and emoji', () => {
    expect(errorsOf({ name: 'Zürich Ops – 東京 🚀' })).toEqual([]);
  });
});

describe('IsIanaTimeZone', () => {
  it.each(['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Europe/Kyiv'])('accepts %s', (timeZone) => {
    expect(errorsOf({ name: 'x', timeZone })).toEqual([]);
  });

  it.each(['Mars/Olympus', 'utc ', 'europe/berlin', 'GMT+99', '', 'Europe/Berlin\u0000'])('rejects %j', (timeZone) => {
    expect(errorsOf({ name: 'x', timeZone })).toEqual([
      'timeZone must be an IANA time zone such as Europe/Berlin or UTC',
    ]);
  });
});
