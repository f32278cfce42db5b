// The single bundle starts the shell's app directly: the shell's own main.tsx only adds an async
// boundary so Module Federation can settle its shared singletons, which this build does not have.
import '../../shell/src/bootstrap.tsx';
