/**
 * The rules JSON's problems in the studio's language (issue 22). Monaco's JSON worker words its
 * syntax and schema messages in English only (vscode-json-languageservice, no translation
 * shipped), and the engine words a save refusal the same way (documents.ts), so one layer here
 * reads those English messages back into a key and its values and says them again in the locale:
 * `jsonProblemMessage` recognises the message, the `jsonProblems.` messages word it. A message
 * this table does not know stays as it is.
 */

/** Each English message the worker or the engine gives, as a pattern whose named groups are the values. */
const PATTERNS: readonly (readonly [key: string, pattern: RegExp])[] = [
  ['type', /^Incorrect type\. Expected "(?<expected>[^"]*)"\.$/],
  ['typeOneOf', /^Incorrect type\. Expected one of (?<expected>.*)\.$/],
  ['enum', /^Value is not accepted\. Valid values: (?<values>.*)\.$/],
  ['const', /^Value must be (?<value>.*)\.$/],
  ['missing', /^Missing property "(?<property>[^"]*)"\.$/],
  ['notAllowed', /^Property (?<property>.*) is not allowed\.$/],
  ['exclusiveMinimum', /^Value is below the exclusive minimum of (?<limit>.*)\.$/],
  ['exclusiveMaximum', /^Value is above the exclusive maximum of (?<limit>.*)\.$/],
  ['minimum', /^Value is below the minimum of (?<limit>.*)\.$/],
  ['maximum', /^Value is above the maximum of (?<limit>.*)\.$/],
  ['multipleOf', /^Value is not divisible by (?<limit>.*)\.$/],
  ['minLength', /^String is shorter than the minimum length of (?<limit>.*)\.$/],
  ['maxLength', /^String is longer than the maximum length of (?<limit>.*)\.$/],
  ['pattern', /^String does not match the pattern of "(?<pattern>.*)"\.$/],
  ['minItems', /^Array has too few items\. Expected (?<limit>.*) or more\.$/],
  ['maxItems', /^Array has too many items\. Expected (?<limit>.*) or fewer\.$/],
  ['uniqueItems', /^Array has duplicate items\.$/],
  ['multipleSchemas', /^Matches multiple schemas when only one must validate\.$/],
  ['duplicateKey', /^Duplicate object key$/],
  ['comments', /^Comments are not permitted in JSON\.$/],
  ['trailingComma', /^Trailing comma$/],
  ['valueExpected', /^Value expected$/],
  ['propertyExpected', /^Property expected$/],
  ['colonExpected', /^Colon expected$/],
  ['commaExpected', /^Expected comma$/],
  ['commaOrBrace', /^Expected comma or closing brace$/],
  ['commaOrBracket', /^Expected comma or closing bracket$/],
  ['endOfFile', /^End of file expected\.$/],
  ['doubleQuoted', /^Property keys must be doublequoted$/],
  ['endOfString', /^Unexpected end of string\.$/],
  ['endOfNumber', /^Unexpected end of number\.$/],
  ['endOfComment', /^Unexpected end of comment\.$/],
  ['invalidEscape', /^Invalid escape character in string\.$/],
  ['invalidNumber', /^Invalid number format\.$/],
  ['invalidUnicode', /^Invalid unicode sequence in string\.$/],
  ['controlCharacters', /^Invalid characters in string\. Control characters must be escaped\.$/],
];

/** The engine's save refusal: `Not a valid <kind> rules config: <path>: <problem in the worker's words>`. */
const RULES_CONFIG = /^Not a valid (?<kind>\S+) rules config: (?<path>[^:]*): (?<problem>.*)$/s;

export interface JsonProblem {
  readonly key: string;
  readonly params: Readonly<Record<string, string>>;
}

/** The key and values of a message in the worker's or the engine's English words, or undefined. */
export function jsonProblemOf(message: string): JsonProblem | undefined {
  for (const [key, pattern] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return { key, params: { ...match.groups } };
  }
  return undefined;
}

/**
 * The message in the locale (`t`: vue-i18n's), when it is one this table knows; else undefined.
 * A rules config refusal is worded with its problem translated in turn.
 */
export function jsonProblemMessage(message: string, t: (key: string, params: Record<string, unknown>) => string): string | undefined {
  const refusal = RULES_CONFIG.exec(message);
  if (refusal?.groups) {
    const problem = jsonProblemOf(refusal.groups.problem);
    const worded = problem ? t(`jsonProblems.${problem.key}`, { ...problem.params }) : refusal.groups.problem;
    return t('jsonProblems.rulesConfig', { kind: refusal.groups.kind, path: refusal.groups.path, problem: worded });
  }
  const problem = jsonProblemOf(message);
  return problem ? t(`jsonProblems.${problem.key}`, { ...problem.params }) : undefined;
}

export const jsonProblemsEn = {
  rulesConfig: 'Not a valid {kind} rules config: {path}: {problem}',
  type: 'Incorrect type. Expected "{expected}".',
  typeOneOf: 'Incorrect type. Expected one of {expected}.',
  enum: 'Value is not accepted. Valid values: {values}.',
  const: 'Value must be {value}.',
  missing: 'Missing property "{property}".',
  notAllowed: 'Property {property} is not allowed.',
  exclusiveMinimum: 'Value is below the exclusive minimum of {limit}.',
  exclusiveMaximum: 'Value is above the exclusive maximum of {limit}.',
  minimum: 'Value is below the minimum of {limit}.',
  maximum: 'Value is above the maximum of {limit}.',
  multipleOf: 'Value is not divisible by {limit}.',
  minLength: 'String is shorter than the minimum length of {limit}.',
  maxLength: 'String is longer than the maximum length of {limit}.',
  pattern: 'String does not match the pattern of "{pattern}".',
  minItems: 'Array has too few items. Expected {limit} or more.',
  maxItems: 'Array has too many items. Expected {limit} or fewer.',
  uniqueItems: 'Array has duplicate items.',
  multipleSchemas: 'Matches multiple schemas when only one must validate.',
  duplicateKey: 'Duplicate object key',
  comments: 'Comments are not permitted in JSON.',
  trailingComma: 'Trailing comma',
  valueExpected: 'Value expected',
  propertyExpected: 'Property expected',
  colonExpected: 'Colon expected',
  commaExpected: 'Expected comma',
  commaOrBrace: 'Expected comma or closing brace',
  commaOrBracket: 'Expected comma or closing bracket',
  endOfFile: 'End of file expected.',
  doubleQuoted: 'Property keys must be doublequoted',
  endOfString: 'Unexpected end of string.',
  endOfNumber: 'Unexpected end of number.',
  endOfComment: 'Unexpected end of comment.',
  invalidEscape: 'Invalid escape character in string.',
  invalidNumber: 'Invalid number format.',
  invalidUnicode: 'Invalid unicode sequence in string.',
  controlCharacters: 'Invalid characters in string. Control characters must be escaped.',
};

export const jsonProblemsZhCN: typeof jsonProblemsEn = {
  rulesConfig: '不是有效的 {kind} 规则配置：{path}：{problem}',
  type: '类型不对：应为“{expected}”。',
  typeOneOf: '类型不对：应为 {expected} 之一。',
  enum: '不接受这个值。可用的值：{values}。',
  const: '值必须为 {value}。',
  missing: '缺少属性“{property}”。',
  notAllowed: '不允许属性 {property}。',
  exclusiveMinimum: '值必须大于 {limit}。',
  exclusiveMaximum: '值必须小于 {limit}。',
  minimum: '值小于最小值 {limit}。',
  maximum: '值大于最大值 {limit}。',
  multipleOf: '值不能被 {limit} 整除。',
  minLength: '字符串短于最小长度 {limit}。',
  maxLength: '字符串长于最大长度 {limit}。',
  pattern: '字符串不符合模式“{pattern}”。',
  minItems: '数组的项太少：至少应有 {limit} 项。',
  maxItems: '数组的项太多：至多应有 {limit} 项。',
  uniqueItems: '数组中有重复的项。',
  multipleSchemas: '同时匹配了多个模式，而只应匹配一个。',
  duplicateKey: '对象中有重复的键。',
  comments: 'JSON 中不允许注释。',
  trailingComma: '多余的结尾逗号。',
  valueExpected: '此处应有一个值。',
  propertyExpected: '此处应有一个属性。',
  colonExpected: '此处应有冒号。',
  commaExpected: '此处应有逗号。',
  commaOrBrace: '此处应有逗号或右花括号。',
  commaOrBracket: '此处应有逗号或右方括号。',
  endOfFile: '此处应是文件结尾。',
  doubleQuoted: '属性名必须用双引号括起来。',
  endOfString: '字符串意外结束。',
  endOfNumber: '数字意外结束。',
  endOfComment: '注释意外结束。',
  invalidEscape: '字符串中有无效的转义字符。',
  invalidNumber: '数字格式无效。',
  invalidUnicode: '字符串中有无效的 Unicode 序列。',
  controlCharacters: '字符串中有无效字符：控制字符必须转义。',
};
