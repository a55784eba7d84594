import { expect } from 'vitest';
import { within } from '@testing-library/react';
import type { RecordedRequest } from './fetch-mock';

/** The query parameters of a recorded request (empty for none). */
export const searchOf = (request: RecordedRequest | undefined) =>
  new URL(request?.url ?? '', 'http://console.test').searchParams;

/** The header texts of a table, left to right. */
export const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

/** Asserts that an element's text holds each of the pieces. */
export function expectTextsIn(element: HTMLElement, pieces: string[]) {
  for (const piece of pieces) expect(element.textContent).toContain(piece);
}

/** The texts of the elements with this test id inside `container`, in document order. */
export const textsByTestId = (container: HTMLElement, testId: string) =>
  within(container)
    .getAllByTestId(testId)
    .map((element) => element.textContent);
