import { describe, expect, it } from 'vitest';
import {
  commentGroupId,
  commentThreadId,
  contentOfCommentGroup,
  parseCommentThreadId,
} from './chat.rules.ts';

const task = '3f6c2b1e-8a4d-4e2f-9b7a-1c2d3e4f5a6b';
const student = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

describe('comment identity (spec 1 §9)', () => {
  it('prefixes exam and individual task groups with LMS-, group tasks with LMS-KELOMPOK-', () => {
    expect(commentGroupId(task)).toBe(`LMS-${task}`);
    expect(commentGroupId(task, 'k1')).toBe('LMS-KELOMPOK-k1');
  });

  it('builds the thread id with the student when there is one, and reads it back', () => {
    const groupId = commentGroupId(task);
    const id = commentThreadId({ type: 'tugas', groupId, contentId: task, studentId: student });
    expect(id).toBe(`komentar-tugas__LMS-${task}__${task}__${student}`);
    expect(parseCommentThreadId(id)).toEqual({ type: 'tugas', groupId, contentId: task, studentId: student });
    const group = commentThreadId({ type: 'tugas', groupId: 'LMS-KELOMPOK-k1', contentId: task });
    expect(parseCommentThreadId(group)).toEqual({
      type: 'tugas',
      groupId: 'LMS-KELOMPOK-k1',
      contentId: task,
      studentId: null,
    });
  });

  it('refuses what is not a comment thread', () => {
    expect(parseCommentThreadId('percakapan')).toBeNull();
    expect(parseCommentThreadId(`komentar-forum__LMS-${task}__${task}`)).toBeNull();
    expect(parseCommentThreadId('komentar-tugas__LMS-x')).toBeNull();
  });

  it('names the content of an LMS- group, not of a task group', () => {
    expect(contentOfCommentGroup(`LMS-${task}`)).toBe(task);
    expect(contentOfCommentGroup('LMS-KELOMPOK-k1')).toBeNull();
    expect(contentOfCommentGroup('grup-kelas')).toBeNull();
    expect(contentOfCommentGroup('LMS-')).toBeNull();
  });
});
