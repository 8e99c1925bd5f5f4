import { describe, expect, it } from 'vitest';

import {
  ApiError,
  NetworkError,
  SERVER_ERROR_MESSAGE,
  handleApiError,
  serverErrorMessage,
} from './api-client';
import { errorLeaves, flattenedErrorMessage } from './error-message';
import { formErrorsOf } from './field-errors';

const NESTED = { lines: [{ debit: ['Must be positive.'] }] };

describe('error bodies flattened to their first nested message (spec §8)', () => {
  it('finds the message inside lists and objects, with the path of its field', () => {
    expect(flattenedErrorMessage(NESTED)).toBe('lines[0].debit: Must be positive.');
    expect(
      flattenedErrorMessage({ lines: [{}, { credit: ['Too many decimals.'], debit: ['x'] }] }),
    ).toBe('lines[1].credit: Too many decimals.');
  });

  it("is 'field: message' for a flat field and the bare message for the whole request", () => {
    expect(flattenedErrorMessage({ email: ['Enter a valid email address.', 'Too long.'] })).toBe(
      'email: Enter a valid email address.',
    );
    expect(flattenedErrorMessage({ non_field_errors: ['Entry does not balance'] })).toBe(
      'Entry does not balance',
    );
    expect(flattenedErrorMessage({ detail: 'Not found.' })).toBe('Not found.');
    expect(flattenedErrorMessage(['Period is locked'])).toBe('Period is locked');
    expect(flattenedErrorMessage({ lines: [{ non_field_errors: ['Pick one side.'] }] })).toBe(
      'lines[0]: Pick one side.',
    );
  });

  it('has no message for bodies without text', () => {
    expect(flattenedErrorMessage(null)).toBeNull();
    expect(flattenedErrorMessage({ count: 3, ok: false })).toBeNull();
    expect(flattenedErrorMessage({ name: [''] })).toBeNull();
  });

  it('lists every message in order', () => {
    expect(errorLeaves({ a: ['1', '2'], b: [{ c: ['3'] }] })).toEqual([
      { path: 'a', message: '1' },
      { path: 'a', message: '2' },
      { path: 'b[0].c', message: '3' },
    ]);
  });
});

describe('serverErrorMessage: the one line a helper client or banner shows', () => {
  it('is the first nested message of a 4xx body', () => {
    expect(serverErrorMessage(new ApiError(400, NESTED, 'x'))).toBe(
      'lines[0].debit: Must be positive.',
    );
  });

  it('is the generic text for a 5xx, a failure without an answer, or a body without text', () => {
    expect(serverErrorMessage(new ApiError(500, { detail: 'boom' }, 'x'))).toBe(
      SERVER_ERROR_MESSAGE,
    );
    expect(serverErrorMessage(new NetworkError('refused'))).toBe(SERVER_ERROR_MESSAGE);
    expect(serverErrorMessage(new ApiError(404, null, 'x'))).toBe(SERVER_ERROR_MESSAGE);
  });
});

describe('nested errors in the shared handler and on form fields', () => {
  it('a field holding nested errors is one toast with its first nested message', () => {
    const toasts: string[] = [];
    handleApiError(new ApiError(400, { ...NESTED, date: ['Required.'] }, 'x'), {
      toastError: (m) => toasts.push(m),
      clearStorage: () => undefined,
      navigate: () => undefined,
    });
    expect(toasts).toEqual(['lines[0].debit: Must be positive.', 'date: Required.']);
  });

  it('forms find nested errors on the same path as flat ones', () => {
    const found = formErrorsOf(
      new ApiError(
        400,
        { lines: [{}, { debit: ['Must be positive.', 'Too many decimals.'] }], code: 'invalid' },
        'x',
      ),
    );
    expect(found).toEqual({
      fields: { 'lines[1].debit': 'Must be positive. Too many decimals.' },
      general: [],
    });
    expect(formErrorsOf(new ApiError(400, { 'lines[2].credit': ['Bad.'] }, 'x'))?.fields).toEqual({
      'lines[2].credit': 'Bad.',
    });
    expect(
      formErrorsOf(new ApiError(400, { non_field_errors: ['Unbalanced.'] }, 'x'))?.general,
    ).toEqual(['Unbalanced.']);
  });
});
