/// The session's undo and redo stacks, across countdowns, bookmarks and the stopwatch. Each step
/// holds the operations that take a change back, worked out when the change was made; undoing
/// one puts what redoes it on the other stack. Kept in memory only: a new session starts clean.
public struct UndoHistory: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        /// The change as its feedback line named it: `Removed tea`.
        public var what: String
        /// Applied in order: a step like clearing finished countdowns takes several.
        public var operations: [StoreOperation]
    }

    /// Oldest first; the last is what `u` takes back.
    public private(set) var undoSteps: [Step] = []
    public private(set) var redoSteps: [Step] = []

    /// Steps kept; the oldest go first.
    public static let depth = 50

    public init() {}

    /// A new change: what takes it back goes on the undo stack, and what could be redone no
    /// longer follows from the screen, so it goes.
    mutating func record(_ what: String, undoneBy operations: [StoreOperation]) {
        guard !operations.isEmpty else { return }
        Self.push(Step(what: what, operations: operations), onto: &undoSteps)
        redoSteps = []
    }

    mutating func takeUndo() -> Step? { undoSteps.popLast() }
    mutating func takeRedo() -> Step? { redoSteps.popLast() }

    mutating func pushUndo(_ step: Step) { Self.push(step, onto: &undoSteps) }
    mutating func pushRedo(_ step: Step) { Self.push(step, onto: &redoSteps) }

    private static func push(_ step: Step, onto stack: inout [Step]) {
        stack.append(step)
        if stack.count > Self.depth { stack.removeFirst(stack.count - Self.depth) }
    }

    /// The store numbered items this process made: steps that name them use the stored ids.
    mutating func renameIDs(_ ids: [Int: Int]) {
        for index in undoSteps.indices { undoSteps[index].operations = undoSteps[index].operations.map { $0.mappingIDs(ids) } }
        for index in redoSteps.indices { redoSteps[index].operations = redoSteps[index].operations.map { $0.mappingIDs(ids) } }
    }
}
