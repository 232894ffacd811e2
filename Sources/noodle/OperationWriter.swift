import NoodleCore
import NoodleStore

/// What the app asks of the store's writer, so that its policies (what is stored, what waits, what
/// quitting does with it) can be tested with a recording fake; `StoreWriter` is the real one.
protocol OperationWriter: AnyObject {
    /// Readable while reports wait.
    var fileDescriptor: Int32 { get }
    var pendingCount: Int { get }
    @discardableResult func enqueue(_ operation: StoreOperation) -> Int
    func requestRefresh()
    func takeReports() -> [StoreWriter.Report]
    func flush(timeout: Duration) -> Bool
}

extension StoreWriter: OperationWriter {}
