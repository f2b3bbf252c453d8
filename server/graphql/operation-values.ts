// The values of the few arguments the resource limits read before execution
// (`first`, `last`, `dryRun`, the length of `nodes(ids:)`, and `if` of
// @skip/@include), from literals or
// from the request's variables, as execution will see them.
//
// Read from the AST by hand, not with graphql-js's valueFromAST or
// getVariableValues: those check types with `instanceof`, and the schema comes
// from yoga's copy of graphql, which a test runner may load apart from ours.
import { Kind, type ArgumentNode, type OperationDefinitionNode, type SelectionNode } from 'graphql';

/** A value execution will refuse anyway (a variable that does not coerce): not ours to judge. */
export class UnreadableValue extends Error {}

export class OperationValues {
  private readonly defaults = new Map<string, ArgumentNode['value']>();

  constructor(
    operation: OperationDefinitionNode,
    private readonly variables: Readonly<Record<string, unknown>>,
  ) {
    for (const definition of operation.variableDefinitions ?? []) {
      if (definition.defaultValue) this.defaults.set(definition.variable.name.value, definition.defaultValue);
    }
  }

  /** An Int argument: undefined when absent or null; throws UnreadableValue when execution will refuse it. */
  int(args: readonly ArgumentNode[] | undefined, name: string): number | undefined {
    const value = this.raw(args, name);
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > 2 ** 31)
      throw new UnreadableValue(name);
    return value;
  }

  /** A Boolean argument, or `fallback` when absent, null or not a boolean. */
  boolean(args: readonly ArgumentNode[] | undefined, name: string, fallback: boolean): boolean {
    const value = this.raw(args, name);
    return typeof value === 'boolean' ? value : fallback;
  }

  /** The number of items of a list argument (1 when absent or not a list: execution refuses those). */
  listLength(args: readonly ArgumentNode[] | undefined, name: string): number {
    const node = args?.find((arg) => arg.name.value === name)?.value;
    if (node?.kind === Kind.LIST) return node.values.length;
    const value = node === undefined ? undefined : this.literal(node);
    return Array.isArray(value) ? value.length : 1;
  }

  /** False when @skip(if: true) or @include(if: false) leaves the selection out. */
  included(selection: SelectionNode): boolean {
    for (const directive of selection.directives ?? []) {
      const name = directive.name.value;
      if (name === 'skip' && this.boolean(directive.arguments, 'if', false)) return false;
      if (name === 'include' && !this.boolean(directive.arguments, 'if', true)) return false;
    }
    return true;
  }

  private raw(args: readonly ArgumentNode[] | undefined, name: string): unknown {
    const node = args?.find((arg) => arg.name.value === name)?.value;
    return node === undefined ? undefined : this.literal(node);
  }

  private literal(node: ArgumentNode['value']): unknown {
    switch (node.kind) {
      case Kind.INT:
        return Number(node.value);
      case Kind.BOOLEAN:
        return node.value;
      case Kind.NULL:
        return null;
      case Kind.VARIABLE: {
        const name = node.name.value;
        if (Object.hasOwn(this.variables, name) && this.variables[name] !== undefined) return this.variables[name];
        const fallback = this.defaults.get(name);
        return fallback === undefined ? undefined : this.literal(fallback);
      }
      default:
        return Symbol('not an Int or Boolean literal'); // validation refused it already
    }
  }
}
