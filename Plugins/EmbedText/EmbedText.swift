import PackagePlugin

/// Embeds a target's data file into its module as a string constant at build time, so the binary
/// carries the catalog wherever it is installed and the file stays the one thing to edit.
@main
struct EmbedText: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let input = module.directoryURL.appending(path: "ramen.toml")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedCatalog.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(input.lastPathComponent)",
                executable: try context.tool(named: "embed-text").url,
                arguments: [input.path(), output.path(), "embeddedCatalogText"],
                inputFiles: [input],
                outputFiles: [output]
            ),
        ]
    }
}
