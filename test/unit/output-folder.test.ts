/**
 * `parlor report --html -o dir` writes its folder whole or not at all: a new or empty folder is
 * filled; a folder with files is refused, and `--force` replaces only a report written before; a write
 * that fails midway leaves nothing under the name (and an earlier report as it was) and no temporary
 * folder beside it.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputFolder, writeFolder } from '../../electron/cli/output-folder';
import { tempDir } from '../support/tmp';

const MARKER = 'parlor-report.json';
const bytes = (text: string) => new TextEncoder().encode(text);
const report = (index: string) => new Map([[MARKER, bytes('{}')], ['index.html', bytes(index)], ['episodes/1.html', bytes('episode')]]);

function write(target: string, files: Map<string, Uint8Array>, force = false): void {
  writeFolder(checkOutputFolder(target, MARKER, force), files);
}

describe('report folder output', () => {
  it('fills a new folder and an empty one, leaving nothing else beside them', () => {
    const parent = tempDir();
    write(join(parent, 'new'), report('one'));
    expect(readFileSync(join(parent, 'new', 'index.html'), 'utf8')).toBe('one');
    expect(readFileSync(join(parent, 'new', 'episodes', '1.html'), 'utf8')).toBe('episode');
    mkdirSync(join(parent, 'empty'));
    write(join(parent, 'empty'), report('two'));
    expect(readFileSync(join(parent, 'empty', 'index.html'), 'utf8')).toBe('two');
    expect(readdirSync(parent).sort()).toEqual(['empty', 'new']);
  });

  it('refuses a folder with files, and replaces only a report with --force', () => {
    const parent = tempDir();
    const target = join(parent, 'out');
    write(target, report('old'));
    writeFileSync(join(target, 'stale.html'), 'stale');
    expect(() => checkOutputFolder(target, MARKER, false)).toThrow(/the folder is not empty\. Give a new or empty folder, or --force/);
    write(target, report('new'), true);
    expect(readFileSync(join(target, 'index.html'), 'utf8')).toBe('new');
    expect(readdirSync(target).sort()).toEqual(['episodes', 'index.html', MARKER]);
    expect(readdirSync(parent)).toEqual(['out']);

    const mine = join(parent, 'mine');
    mkdirSync(mine);
    writeFileSync(join(mine, 'thesis.tex'), 'years of work');
    expect(() => checkOutputFolder(mine, MARKER, true)).toThrow(/is not a Parlor report \(no parlor-report\.json\); --force replaces only a report/);
    expect(readFileSync(join(mine, 'thesis.tex'), 'utf8')).toBe('years of work');
    writeFileSync(join(parent, 'file'), 'x');
    expect(() => checkOutputFolder(join(parent, 'file'), MARKER, true)).toThrow(/it is a file/);
    expect(() => checkOutputFolder(join(parent, 'no', 'such'), MARKER, false)).toThrow(/the folder .* does not exist/);
  });

  it('leaves nothing under the name when a write fails midway, and an earlier report as it was', () => {
    const parent = tempDir();
    // `a` is written as a file, then `a/b` needs it to be a folder: the write fails after the first file.
    const broken = new Map([['index.html', bytes('x')], ['a', bytes('file')], ['a/b', bytes('inside')]]);
    expect(() => write(join(parent, 'out'), broken)).toThrow(/Cannot write the report to .*out: .*\(nothing was written there\)/);
    expect(readdirSync(parent)).toEqual([]);
    write(join(parent, 'out'), report('kept'));
    expect(() => write(join(parent, 'out'), broken, true)).toThrow(/nothing was written there/);
    expect(readFileSync(join(parent, 'out', 'index.html'), 'utf8')).toBe('kept');
    expect(readdirSync(parent)).toEqual(['out']);
  });
});
