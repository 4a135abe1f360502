/** Where a depth-2 array (the value of a top-level member) opens, closes and separates its elements. */
interface NestedArray {
  open: number;
  close: number;
  commas: number[];
}

/**
 * The layout of a JSON text, found by one pass that can stop and resume at any character: its nesting depth (too
 * deep?), whether a string holds a `\u` escape, and where the top-level value's members and the arrays among them
 * open, separate and close. Brackets inside strings do not count. It reads UTF-16 text or bytes read as latin1 alike:
 * every character it looks for is ASCII, and no byte of a UTF-8 multi-byte sequence is.
 */
export class JsonLayout {
  depth = 0;
  inString = false;
  unicodeEscapes = false;
  tooDeep = false;
  /** Something the layout cannot describe (a second top-level value, a closing bracket too many). */
  unusual = false;
  topOpen = -1;
  topClose = -1;
  topKind = 0;
  readonly commas1: number[] = [];
  readonly colons1: number[] = [];
  readonly arrays2: NestedArray[] = [];
  private current2: NestedArray | undefined;
  private position = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  get done(): boolean {
    return this.position >= this.text.length || this.tooDeep;
  }

  /** Scans up to `count` more characters. */
  scan(count: number): void {
    const { text } = this;
    const end = Math.min(text.length, this.position + count);
    let i = this.position;
    for (; i < end; i++) {
      const code = text.charCodeAt(i);
      if (this.inString) {
        if (code === 0x5c) {
          // A backslash: the next character is escaped (`\u` may spell NUL or a lone surrogate).
          if (text.charCodeAt(i + 1) === 0x75) this.unicodeEscapes = true;
          i++;
        } else if (code === 0x22) this.inString = false;
        continue;
      }
      switch (code) {
        case 0x22:
          this.inString = true;
          break;
        case 0x7b: // {
        case 0x5b: // [
          if (this.depth === 0) {
            if (this.topOpen !== -1) this.unusual = true;
            this.topOpen = i;
            this.topKind = code;
          }
          if (++this.depth > this.maxDepth) {
            this.tooDeep = true;
            this.position = i;
            return;
          }
          if (this.depth === 2 && code === 0x5b && this.topKind === 0x7b)
            this.current2 = { open: i, close: -1, commas: [] };
          break;
        case 0x7d: // }
        case 0x5d: // ]
          if (this.depth === 2 && this.current2) {
            this.current2.close = i;
            this.arrays2.push(this.current2);
            this.current2 = undefined;
          }
          if (--this.depth === 0) this.topClose = i;
          if (this.depth < 0) this.unusual = true;
          break;
        case 0x2c: // ,
          if (this.depth === 1) this.commas1.push(i);
          else if (this.depth === 2 && this.current2) this.current2.commas.push(i);
          break;
        case 0x3a: // :
          if (this.depth === 1) this.colons1.push(i);
          break;
      }
    }
    this.position = i;
  }
}
