import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/feedback';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';
import { optionServer, putsOf, rootUser, storedOptions } from '../../../testing/setting-fixtures';
import { ModelRatioTable } from './model-ratio-table';
import { isNumberText, nameProblem, numberProblem, optionValuesOf, rowsOf } from './model-ratio-rows';
import { eachTestIn } from '../../../testing/test-setup';

const ratios = Object.fromEntries(
  Array.from({ length: 12 }, (_unused, index) => [`model-${String(index).padStart(2, '0')}`, index + 1]),
);
const options = {
  ModelRatio: JSON.stringify(ratios),
  CompletionRatio: JSON.stringify({ 'model-00': 4 }),
  ModelPrice: JSON.stringify({ 'image-model': 0.04 }),
};

function renderTable() {
  const requests = mockFetch(optionServer(storedOptions(options)));
  renderApp([{ path: '/', element: <ModelRatioTable options={options} /> }], { user: rootUser });
  return requests;
}

describe('model ratio rows', () => {
  it('joins the three tables by model and splits them back', () => {
    const rows = rowsOf(options);
    expect(rows[0]).toEqual({ name: 'image-model', price: '0.04', ratio: '', completion: '' });
    expect(rows[1]).toEqual({ name: 'model-00', price: '', ratio: '1', completion: '4' });
    const values = optionValuesOf(rows);
    expect(JSON.parse(values.ModelRatio ?? '')).toEqual(ratios);
    expect(JSON.parse(values.ModelPrice ?? '')).toEqual({ 'image-model': 0.04 });
  });

  it('accepts blank or non-negative numbers only, and unique non-empty names', () => {
    expect([isNumberText(''), isNumberText('1.5'), isNumberText('abc'), isNumberText('-1')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([numberProblem('abc'), numberProblem('-1'), numberProblem(' ')]).toEqual(['notNumber', 'negative', null]);
    expect(nameProblem('  ', rowsOf(options))).toBe('required');
    expect(nameProblem('model-03', rowsOf(options))).toBe('duplicate');
    expect(nameProblem('brand-new', rowsOf(options))).toBeNull();
  });
});

describe('model ratio table', () => {
  eachTestIn('en');

  it('shows 10 rows a page and finds a model by name', async () => {
    renderTable();
    const table = await screen.findByTestId('ratio-table');
    expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(10);
    fireEvent.change(screen.getByTestId('ratio-search').querySelector('input')!, { target: { value: 'model-11' } });
    await waitFor(() => expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(1));
  });

  it('takes numbers only and saves the changed table', async () => {
    const requests = renderTable();
    const cell = (await screen.findByTestId('ratio-ratio-model-00')) as HTMLInputElement;
    fireEvent.change(cell, { target: { value: 'two' } });
    expect(await screen.findByText('Please enter a number')).toBeTruthy();
    const error = vi.spyOn(toast, 'error');
    fireEvent.click(screen.getByTestId('save-ratio-table'));
    expect(error).toHaveBeenCalledWith('Please enter a number');
    expect(putsOf(requests)).toEqual([]);

    fireEvent.change(cell, { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('save-ratio-table'));
    await waitFor(() => expect(putsOf(requests).map((put) => put.key)).toEqual(['ModelRatio']));
    expect(JSON.parse(putsOf(requests)[0]?.value ?? '{}')).toEqual({ ...ratios, 'model-00': 2.5 });
  });

  it('adds a model: name required and unique, a fixed price disables the ratios', async () => {
    const requests = renderTable();
    fireEvent.click(await screen.findByTestId('add-model'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('add-model-ok'));
    expect(await within(dialog).findByText('Please enter the model name')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('add-model-name'), { target: { value: 'model-05' } });
    expect(await within(dialog).findByText('Model name already exists')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('add-model-name'), { target: { value: 'new-image' } });
    fireEvent.click(within(dialog).getByLabelText('Fixed price'));
    await waitFor(() =>
      expect((within(dialog).getByTestId('add-model-ratio') as HTMLInputElement).disabled).toBe(true),
    );
    expect((within(dialog).getByTestId('add-model-completion') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('add-model-price'), { target: { value: 'free' } });
    expect(await within(dialog).findByText('Please enter a number')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('add-model-price'), { target: { value: '0.08' } });
    fireEvent.click(within(dialog).getByTestId('add-model-ok'));
    fireEvent.change(screen.getByTestId('ratio-search').querySelector('input')!, { target: { value: 'new-image' } });
    expect(((await screen.findByTestId('ratio-price-new-image')) as HTMLInputElement).value).toBe('0.08');

    fireEvent.click(screen.getByTestId('save-ratio-table'));
    await waitFor(() => expect(putsOf(requests).map((put) => put.key)).toEqual(['ModelPrice']));
    expect(JSON.parse(putsOf(requests)[0]?.value ?? '{}')).toEqual({ 'image-model': 0.04, 'new-image': 0.08 });
  });

  it('drops an invalid ratio typed before switching to a fixed price, so OK adds the model', async () => {
    renderTable();
    fireEvent.click(await screen.findByTestId('add-model'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('add-model-name'), { target: { value: 'switched-model' } });
    fireEvent.change(within(dialog).getByTestId('add-model-ratio'), { target: { value: 'abc' } });
    expect(await within(dialog).findByText('Please enter a number')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Fixed price'));
    await waitFor(() =>
      expect((within(dialog).getByTestId('add-model-price') as HTMLInputElement).disabled).toBe(false),
    );
    expect((within(dialog).getByTestId('add-model-ratio') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(within(dialog).queryByText('Please enter a number')).toBeNull());
    fireEvent.change(within(dialog).getByTestId('add-model-price'), { target: { value: '0.02' } });
    fireEvent.click(within(dialog).getByTestId('add-model-ok'));
    fireEvent.change(screen.getByTestId('ratio-search').querySelector('input')!, {
      target: { value: 'switched-model' },
    });
    expect(((await screen.findByTestId('ratio-price-switched-model')) as HTMLInputElement).value).toBe('0.02');
    expect(((await screen.findByTestId('ratio-ratio-switched-model')) as HTMLInputElement).value).toBe('');
  });
});
