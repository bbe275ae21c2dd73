import WenjinHTTP
import WenjinPreview

extension PreviewError: UserFacingError {
    package var failure: String { "the preview server cannot start" }

    package var location: String? {
        switch reason {
        case .cannotListen(let error): error.context
        }
    }

    package var cause: String? {
        switch reason {
        case .cannotListen(let error): error.description
        }
    }

    package var remedy: String? {
        switch reason {
        case .cannotListen(let error):
            switch error.reason {
            case .addressInUse: "choose another port with --port (0 picks a free one)"
            case .invalidHost: "give --host a numeric address such as 127.0.0.1"
            default: nil
            }
        }
    }
}
