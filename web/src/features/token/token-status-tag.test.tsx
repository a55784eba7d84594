import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { TokenStatusTag, tokenStatusLook } from './token-status-tag';

describe('token status tags', () => {
  beforeEach(() => changeLanguage('zh'));

  it.each([
    [1, false, '已启用', 'green'],
    [1, true, '已启用：限制模型', 'green'],
    [2, false, '已禁用', 'red'],
    [3, false, '已过期', 'gold'],
    [4, true, '已耗尽', 'default'],
    [9, false, '未知状态', 'default'],
  ])('status %i (model limit %s) reads %s', (status, limited, label, color) => {
    render(<TokenStatusTag status={status} modelLimitsEnabled={limited} />);
    expect(screen.getByTestId('token-status').textContent).toBe(label);
    expect(tokenStatusLook(status, limited).color).toBe(color);
  });
});
